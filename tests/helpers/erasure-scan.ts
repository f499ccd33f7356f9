// The erasure test's eyes: every table of the database (found in information_schema, so a table
// added later is covered without touching this file) read row by row as text, and every file
// under the data directory. Whatever contains one of the needles is reported.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getDb } from "../../lib/db";
import { listBaseTables } from "../../lib/db/statements/list-base-tables";
import { readRowsAsText } from "../../lib/db/statements/read-rows-as-text";
import { decrypt } from "../../lib/storage";

export interface Hit {
  table: string;
  needle: string;
  row: string;
}

/** Rows of any table whose text form (every column, JSON and arrays included) contains a needle. */
export async function scanDatabase(needles: readonly string[]): Promise<Hit[]> {
  const db = await getDb();
  const hits: Hit[] = [];
  for (const table of await listBaseTables(db)) {
    for (const row of await readRowsAsText(db, table)) {
      for (const needle of needles) if (row.includes(needle)) hits.push({ table, needle, row: row.slice(0, 300) });
    }
  }
  return hits;
}

/** Tables (without the schema for public ones) where the needles were found. */
export const tablesOf = (hits: Hit[]) => [...new Set(hits.map((h) => h.table.replace(/^public\./, "")))].sort();

export interface DataFile {
  /** Path below the data directory, with forward slashes. */
  relative: string;
  /** Plain content: uploads decrypted (they are sealed at rest), other files as they are. */
  text: string;
}

export function walkDataDir(root: string): DataFile[] {
  const out: DataFile[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else {
        const relative = path.relative(root, full).split(path.sep).join("/");
        const bytes = readFileSync(full);
        let text: string;
        try {
          text = relative.startsWith("uploads/") ? decrypt(bytes).toString("latin1") : bytes.toString("latin1");
        } catch {
          text = bytes.toString("latin1");
        }
        out.push({ relative, text });
      }
    }
  };
  visit(root);
  return out;
}

/** Files whose path or content contains a needle. */
export function filesNaming(files: DataFile[], needles: readonly string[]): Array<{ file: string; needle: string }> {
  return files.flatMap((f) =>
    needles.filter((n) => f.relative.includes(n) || f.text.includes(n)).map((needle) => ({ file: f.relative, needle })),
  );
}
