// Text items (PDF runs or OCR words) back into rows in reading order: group by vertical overlap,
// sort left to right, and split each row into segments at wide gaps (table columns, label/value
// columns of ID cards). Field extraction reads segments with their boxes; the checks read lines.
import type { TextItem } from "../context";

export interface Segment {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Row {
  /** Segments joined with two spaces, so "Net pay  1,234.00" keeps its column gap. */
  text: string;
  segments: Segment[];
}

export function rowsOf(items: TextItem[]): Row[] {
  const sorted = [...items].filter((i) => i.text.trim()).sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2));
  const groups: TextItem[][] = [];
  for (const item of sorted) {
    const mid = item.y + item.height / 2;
    const group = groups[groups.length - 1];
    if (group) {
      const ref = group[0];
      const refMid = ref.y + ref.height / 2;
      if (Math.abs(mid - refMid) < Math.max(ref.height, item.height) * 0.5) {
        group.push(item);
        continue;
      }
    }
    groups.push([item]);
  }
  return groups.map((g) => toRow(g.sort((a, b) => a.x - b.x)));
}

export function linesOf(items: TextItem[]): string[] {
  return rowsOf(items).map((r) => r.text);
}

function toRow(items: TextItem[]): Row {
  const segments: Segment[] = [];
  let current: { parts: string[]; x: number; y: number; right: number; bottom: number } | null = null;
  let prevEnd = -1;
  for (const it of items) {
    const text = it.text.trim();
    const gap = it.x - prevEnd;
    // Past this gap (in character heights) the next word belongs to another column.
    if (current && gap <= it.height * 1.5) {
      // Runs closer than a sliver of the font size are pieces of one word (kerning splits them).
      current.parts.push(gap > it.height * 0.12 ? ` ${text}` : text);
      current.right = Math.max(current.right, it.x + it.width);
      current.y = Math.min(current.y, it.y);
      current.bottom = Math.max(current.bottom, it.y + it.height);
    } else {
      if (current) segments.push(close(current));
      current = { parts: [text], x: it.x, y: it.y, right: it.x + it.width, bottom: it.y + it.height };
    }
    prevEnd = it.x + it.width;
  }
  if (current) segments.push(close(current));
  return { text: segments.map((s) => s.text).join("  "), segments };
}

function close(c: { parts: string[]; x: number; y: number; right: number; bottom: number }): Segment {
  return { text: c.parts.join(""), x: c.x, y: c.y, width: c.right - c.x, height: c.bottom - c.y };
}
