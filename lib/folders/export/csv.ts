// CSV as RFC 4180 writes it (CRLF rows, quoted cells with doubled quotes), UTF-8 with a byte-order
// mark so spreadsheet apps read accents right, and every cell safe to open: a cell a spreadsheet
// would run as a formula (=, +, -, @, tab, CR) starts with an apostrophe instead (OWASP's advice).

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const BOM = "\uFEFF";

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
