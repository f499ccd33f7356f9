// Where a figure's own print stands inside the box OCR gave it. OCR's box of a figure in a table
// cell takes in the cell's rules and border; read again with them, the figure reads as nothing or
// unsurely, and without them as printed.
import type { PageImage } from "../../context";
import type { Region } from "../../types";

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
  const dark = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = ((y0 + y) * page.width + x0 + x) * 3;
      const grey = ((page.rgb[i] as number) + (page.rgb[i + 1] as number) + (page.rgb[i + 2] as number)) / 3;
      dark[y * w + x] = grey < INK ? 1 : 0;
    }
  const ruleRows = new Set<number>();
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) n += dark[y * w + x] as number;
    if (n > RULE_SHARE * w) ruleRows.add(y);
  }
  const ruleCols = new Set<number>();
  for (let x = 0; x < w; x++) {
    let n = 0;
    for (let y = 0; y < h; y++) n += dark[y * w + x] as number;
    if (n > RULE_SHARE * h) ruleCols.add(x);
  }
  let [left, top, right, bottom] = [w, h, -1, -1];
  for (let y = 0; y < h; y++) {
    if (ruleRows.has(y)) continue;
    for (let x = 0; x < w; x++) {
      if (ruleCols.has(x) || !dark[y * w + x]) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return null;
  return {
    x: (x0 + left) / page.width,
    y: (y0 + top) / page.height,
    width: (right - left + 1) / page.width,
    height: (bottom - top + 1) / page.height,
  };
}
