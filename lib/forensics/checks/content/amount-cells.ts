// Amounts of a row located on the page: each amount with the box of the items it was read from,
// so table columns can be matched by position (amounts are right-aligned in their column).
import type { Region } from "../../types";
import { type AmountMatch, findAmounts } from "./parse-amount";
import { type TextRow, spanRegion } from "./text-rows";

export interface AmountCell extends AmountMatch {
  region: Region;
  /** Right edge, page fraction. */
  right: number;
  /** Lowest confidence of the items it was read from. */
  confidence: number;
}

export function amountCells(row: TextRow, options: { allowIntegers?: boolean } = {}): AmountCell[] {
  return findAmounts(row.text, options).map((m) => {
    const region = spanRegion(row, m.start, m.end);
    const items = row.spans.filter((s) => s.end > m.start && s.start < m.end).map((s) => s.item);
    return {
      ...m,
      region,
      right: region.x + region.width,
      confidence: Math.min(...items.map((i) => i.confidence), 100),
    };
  });
}

/** Text of a row before its first amount: the line's label. */
export function rowLabel(row: TextRow, cells: AmountCell[]): string {
  const first = cells[0];
  return (first ? row.text.slice(0, first.start) : row.text).trim();
}

/** Whether two amounts sit in the same right-aligned (or centred) column. */
export function sameColumn(
  a: { region: Region; right: number },
  b: { region: Region; right: number },
  tolerance = 0.02,
): boolean {
  if (Math.abs(a.right - b.right) <= tolerance) return true;
  const ca = a.region.x + a.region.width / 2;
  const cb = b.region.x + b.region.width / 2;
  return Math.abs(ca - cb) <= tolerance;
}

/**
 * Whether `cell` lies in the column that the `column` cells (one per row of `rows`, aligned with
 * each other) make: at their edge or centre, or set apart inside the column's span, as a word
 * processor sets a bold total at the cell's left under amounts aligned at its right. The span runs
 * from past everything the rows print before the column to the column's right edge.
 */
export function inColumnOf(
  cell: { region: Region; right: number },
  column: ReadonlyArray<{ region: Region; right: number }>,
  rows: readonly TextRow[],
): boolean {
  const first = column[0];
  if (!first || column.some((c) => !sameColumn(c, first))) return false;
  if (column.some((c) => sameColumn(c, cell))) return true;
  const left = Math.min(...column.map((c) => c.region.x));
  const before = rows.flatMap((r) => r.items.filter((i) => i.x + i.width <= left + 1e-6).map((i) => i.x + i.width));
  const right = Math.max(...column.map((c) => c.right));
  return cell.region.x > Math.max(0, ...before) && cell.right <= right + 0.02;
}
