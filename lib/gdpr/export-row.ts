// One stored row as the data export shows it: snake_case keys, RFC 3339 dates, verdicts as the API
// spells them. Secrets are never read in the first place (each query omits them).
import type { Verdict as DbVerdict } from "../db";
import { timestamp } from "../http/response";
import { fromDbVerdict } from "../verifications/verdicts";

export type ExportRow = Record<string, unknown>;

const VERDICT_KEYS = new Set(["verdict", "original_verdict", "new_verdict", "corrected_verdict"]);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function exportRow(row: object): ExportRow {
  const out: ExportRow = {};
  for (const [key, value] of Object.entries(row)) {
    const name = snake(key);
    if (value instanceof Date) out[name] = timestamp(value);
    else if (VERDICT_KEYS.has(name) && typeof value === "string") out[name] = fromDbVerdict(value as DbVerdict);
    else out[name] = value;
  }
  return out;
}

export const exportRows = (rows: object[]): ExportRow[] => rows.map(exportRow);
