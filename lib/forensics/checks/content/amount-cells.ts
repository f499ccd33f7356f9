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
