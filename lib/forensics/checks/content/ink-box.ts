// Where a figure's own print stands inside the box OCR gave it. OCR's box of a figure in a table
// cell takes in the cell's rules and border, solid or dotted; read again with them, the figure
// reads as nothing or unsurely, and without them as printed.
import type { PageImage } from "../../context";
import type { Region } from "../../types";
import { components, type Component } from "../../components";

/** Ink darker than this (0–255 grey) is print. */
export const INK = 128;
/** A row or column of the box this dark end to end is a table's rule or border, not a glyph. */
const RULE_SHARE = 0.6;

/** The box of the print inside `region`, rules and borders left out; null when nothing is printed there. */
export function inkBox(page: Pick<PageImage, "rgb" | "width" | "height">, region: Region): Region | null {
  const x0 = Math.max(0, Math.floor(region.x * page.width));
  const y0 = Math.max(0, Math.floor(region.y * page.height));
  const x1 = Math.min(page.width, Math.ceil((region.x + region.width) * page.width));
  const y1 = Math.min(page.height, Math.ceil((region.y + region.height) * page.height));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 4 || h < 4) return null;
  // The box's grey, rules and borders painted over as paper, so that the ink box is the glyphs'.
  const grey = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = ((y0 + y) * page.width + x0 + x) * 3;
      grey[y * w + x] = ((page.rgb[i] as number) + (page.rgb[i + 1] as number) + (page.rgb[i + 2] as number)) / 3;
    }
  const isDark = (x: number, y: number) => (grey[y * w + x] as number) < INK;
  const ruleRows: number[] = [];
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) if (isDark(x, y)) n++;
    if (n > RULE_SHARE * w) ruleRows.push(y);
  }
  const ruleCols: number[] = [];
  for (let x = 0; x < w; x++) {
    let n = 0;
    for (let y = 0; y < h; y++) if (isDark(x, y)) n++;
    if (n > RULE_SHARE * h) ruleCols.push(x);
  }
  for (const y of ruleRows) grey.fill(255, y * w, (y + 1) * w);
  for (const x of ruleCols) for (let y = 0; y < h; y++) grey[y * w + x] = 255;
  const dark = (i: number) => (grey[i] as number) < INK;
  const pieces = components(w, h, dark);
  const rule = dottedRule(pieces);
  const print = pieces.filter((p) => !rule.has(p));
  if (print.length === 0) return null;
  const box = {
    x0: Math.min(...print.map((p) => p.x0)),
    y0: Math.min(...print.map((p) => p.y0)),
    x1: Math.max(...print.map((p) => p.x1)) + 1,
    y1: Math.max(...print.map((p) => p.y1)) + 1,
  };
  return {
    x: (x0 + box.x0) / page.width,
    y: (y0 + box.y0) / page.height,
    width: (box.x1 - box.x0) / page.width,
    height: (box.y1 - box.y0) / page.height,
  };
}

/**
 * A dotted or dashed rule beside a figure (a cell's border): marks beyond the figure's first or last
 * glyph, no taller than half its glyphs and no wider than tall, two or more stacked in one column.
 * A minus is wider than tall; a figure's own stop stands alone.
 */
function dottedRule(pieces: Component[]): Set<Component> {
  const height = (p: Component) => p.y1 - p.y0 + 1;
  const tallest = Math.max(0, ...pieces.map(height));
  const glyphs = pieces.filter((p) => height(p) > 0.5 * tallest);
  const first = Math.min(...glyphs.map((p) => p.x0));
  const last = Math.max(...glyphs.map((p) => p.x1));
  const marks = pieces.filter(
    (p) => (p.x0 > last || p.x1 < first) && height(p) <= 0.5 * tallest && p.x1 - p.x0 < height(p),
  );
  return new Set(marks.filter((m) => marks.some((o) => o !== m && o.x0 <= m.x1 && m.x0 <= o.x1)));
}
