// Payslips laid out as one table with an earnings column and a deductions column
// ("Description | Earnings | Deductions", closed by a "Totals" row): each column adds up to
// its total.
import type { TextItem } from "../../context";
import type { Finding } from "../../types";
import { type AmountCell, amountCells, rowLabel, sameColumn } from "./amount-cells";
import { DEDUCTIONS_HEADER_RE, DEDUCTIONS_TOTAL_RE, EARNINGS_HEADER_RE, GROSS_RE, NET_RE } from "./payslip-labels";
import { type Line, sumFinding } from "./payslip-sums";
import type { TextRow } from "./text-rows";

/** A row OCR read below this confidence, without one amount, is a row it could not read. */
const UNREAD_CONFIDENCE = 35;
const TOTALS_RE = /^(totals?|sum|sub-?totals?)\b/i;
/** Headers may read "Gross" or "Earnings (EUR)". */
const EARNINGS_COLUMN_RE = /^(earnings|payments|gross|amount\s+earned)\b/i;
const DEDUCTIONS_COLUMN_RE = /^(deductions?|withholdings)\b/i;

export interface ColumnLayout {
  findings: Finding[];
  gross?: { line: Line; cell: AmountCell };
  deductions?: { line: Line; cell: AmountCell };
}

const asCell = (item: TextItem) => ({ region: item, right: item.x + item.width });
const under = (cell: AmountCell, header: TextItem) => sameColumn(cell, asCell(header), 0.03);

function headerOf(row: TextRow): { earnings: TextItem; deductions: TextItem } | null {
  const words = row.items.map((i) => i.text.trim());
  const earnings = row.items.find(
    (_, i) => EARNINGS_COLUMN_RE.test(words[i] as string) || EARNINGS_HEADER_RE.test(words[i] as string),
  );
  const deductions = row.items.find(
    (_, i) => DEDUCTIONS_COLUMN_RE.test(words[i] as string) || DEDUCTIONS_HEADER_RE.test(words[i] as string),
  );
  if (!earnings || !deductions || deductions.x <= earnings.x + earnings.width) return null;
  return { earnings, deductions };
}

/** The table's earnings and deductions columns checked against its totals row, if it has one. */
export function columnLayout(rows: TextRow[]): ColumnLayout | null {
  const h = rows.findIndex((r) => headerOf(r) !== null);
  if (h < 0) return null;
  const header = headerOf(rows[h] as TextRow) as { earnings: TextItem; deductions: TextItem };
  const lines: Line[] = [];
  let total: Line | null = null;
  // Item rows whose amount OCR garbled ("1139124", "57.8:517;"): the table goes on, but its
  // columns can no longer be summed; the totals still feed gross − deductions = net.
  let garbled = 0;
  for (const row of rows.slice(h + 1)) {
    const cells = amountCells(row);
    const label = rowLabel(row, cells);
    if (TOTALS_RE.test(label) || GROSS_RE.test(label) || DEDUCTIONS_TOTAL_RE.test(label)) {
      total = { row, cells, label };
      break;
    }
    if (NET_RE.test(label)) break;
    if (cells.length === 0) {
      // Digits OCR could not read as an amount, or a row it could not read at all (a shaded band).
      if (row.ocr && ((/\d/.test(row.text) && /[A-Za-z]/.test(row.text)) || row.meanConfidence < UNREAD_CONFIDENCE)) {
        garbled++;
        continue;
      }
      break;
    }
    // Words printed under the deductions header mean two side-by-side sections, not columns.
    const labelUnderDeductions = row.items.some(
      (i) =>
        !/\d/.test(i.text) &&
        i.x + i.width > header.deductions.x &&
        i.x < header.deductions.x + header.deductions.width,
    );
    if (labelUnderDeductions) return null;
    lines.push({ row, cells, label });
  }
  if (!total || lines.length === 0) return null;
  const result: ColumnLayout = { findings: [] };
  for (const kind of ["earnings", "deductions"] as const) {
    const column = header[kind];
    const totalCell = total.cells.find((c) => under(c, column));
    if (!totalCell) continue;
    const items = lines.flatMap((line) => {
      const cell = line.cells.find((c) => under(c, column));
      return cell ? [{ line, cell }] : [];
    });
    if (items.length === 0) continue;
    const finding = garbled === 0 ? sumFinding(kind, total, totalCell, items) : null;
    if (finding) result.findings.push(finding);
    result[kind === "earnings" ? "gross" : "deductions"] = { line: total, cell: totalCell };
  }
  return result;
}
