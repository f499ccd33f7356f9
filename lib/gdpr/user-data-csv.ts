// The data export as one CSV (GET /gdpr/export?format=csv): the JSON document flattened to one row
// per value (section, record, field path, value), so nested reports and lists fit one sheet and the
// CSV can never drift from the JSON. Written by the folders' CSV writer (RFC 4180, UTF-8 with BOM,
// formula-like cells neutralised).
import { toCsv, type Cell } from "../folders/export/csv";
import type { UserData } from "./collect-user-data";

const HEADER = ["section", "record", "field", "value"];

export function userDataCsv(data: UserData): string {
  const rows: Cell[][] = [
    ["export", "", "format", data.format],
    ["export", "", "generated_at", data.generated_at],
  ];
  flatten(data.account, "", (field, value) => rows.push(["account", String(data.account.id), field, value]));
  for (const [section, records] of Object.entries(data.sections)) {
    records.forEach((record, index) => {
      const id = typeof record.id === "string" || typeof record.id === "number" ? String(record.id) : String(index + 1);
      flatten(record, "", (field, value) => rows.push([section, id, field, value]));
    });
  }
  return toCsv(HEADER, rows);
}

/** Calls `emit` for every scalar under `value`, with its dotted path ("report.findings.0.message"). */
function flatten(value: unknown, path: string, emit: (field: string, value: Cell) => void): void {
  if (Array.isArray(value)) {
    if (value.length === 0) emit(path, "");
    value.forEach((item, i) => flatten(item, join(path, String(i)), emit));
  } else if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) emit(path, "");
    for (const [key, item] of entries) flatten(item, join(path, key), emit);
  } else {
    emit(path, value as Cell);
  }
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
