// Without SMTP_URL, send-mail.ts keeps every message as an .eml file under <data dir>/mail/: a copy
// of mail sent to a person. An account erasure deletes the copies addressed to it.
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { loadEnv } from "../env";

/** Deletes the kept messages whose headers name `email` as a recipient; answers how many. */
export async function deleteMailFilesTo(email: string): Promise<number> {
  const dir = path.resolve(loadEnv().CREDENCE_DATA_DIR, "mail");
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const address = email.toLowerCase();
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith(".eml"))) {
    const file = path.join(dir, name);
    const text = await readFile(file, "utf8").catch(() => "");
    const headers = text.split(/\r?\n\r?\n/, 1)[0].toLowerCase();
    if (recipients(headers).includes(address)) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}

/** The addresses of the To, Cc and Bcc headers (folded lines joined). */
function recipients(headers: string): string[] {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  return unfolded
    .split(/\r?\n/)
    .filter((line) => /^(to|cc|bcc):/.test(line))
    .flatMap((line) => line.match(/[^\s<>,;:"]+@[^\s<>,;"]+/g) ?? []);
}
