// Where a figure's own print stands inside the box OCR gave it. OCR's box of a figure in a table
// cell takes in the cell's rules and border; read again with them, the figure reads as nothing or
// unsurely, and without them as printed.
import type { PageImage } from "../../context";
import type { Region } from "../../types";
import { inkBox as glyphsInkBox } from "../mrz/glyph-shape";

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
  const dark = (x: number, y: number) => (grey[y * w + x] as number) < INK;
  const ruleRows: number[] = [];
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) if (dark(x, y)) n++;
    if (n > RULE_SHARE * w) ruleRows.push(y);
  }
  const ruleCols: number[] = [];
  for (let x = 0; x < w; x++) {
    let n = 0;
    for (let y = 0; y < h; y++) if (dark(x, y)) n++;
    if (n > RULE_SHARE * h) ruleCols.push(x);
  }
  for (const y of ruleRows) grey.fill(255, y * w, (y + 1) * w);
  for (const x of ruleCols) for (let y = 0; y < h; y++) grey[y * w + x] = 255;
  const box = glyphsInkBox({ data: grey, width: w, height: h }, { x0: 0, y0: 0, x1: w, y1: h }, INK);
  if (!box) return null;
  return {
    x: (x0 + box.x0) / page.width,
    y: (y0 + box.y0) / page.height,
    width: (box.x1 - box.x0) / page.width,
    height: (box.y1 - box.y0) / page.height,
  };
}
