// Text items (PDF runs or OCR words) back into lines in reading order: group by vertical overlap,
// then sort left to right. Field extraction and the content checks read these lines.
import type { TextItem } from "../context";

export function linesOf(items: TextItem[]): string[] {
  const sorted = [...items].sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2));
  const rows: TextItem[][] = [];
  for (const item of sorted) {
    const mid = item.y + item.height / 2;
    const row = rows[rows.length - 1];
    if (row) {
      const ref = row[0];
      const refMid = ref.y + ref.height / 2;
      if (Math.abs(mid - refMid) < Math.max(ref.height, item.height) * 0.5) {
        row.push(item);
        continue;
      }
    }
    rows.push([item]);
  }
  return rows.map((row) => joinRow(row.sort((a, b) => a.x - b.x)));
}

/** Wide horizontal gaps (table columns) become two spaces so "Net pay  1,234.00" stays parseable. */
function joinRow(row: TextItem[]): string {
  let out = "";
  let prevEnd = -1;
  for (const it of row) {
    const text = it.text.trim();
    if (!text) continue;
    if (prevEnd >= 0) {
      const gap = it.x - prevEnd;
      // Runs closer than a sliver of the font size are pieces of one word (kerning splits them).
      out += gap > it.height * 1.5 ? "  " : gap > it.height * 0.12 ? " " : "";
    }
    out += text;
    prevEnd = it.x + it.width;
  }
  return out.replace(/ {3,}/g, "  ");
}
