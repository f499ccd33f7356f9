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

/**
 * Beyond OCR's box, the share of its height searched for the rest of a glyph the box cuts (a
 * photo's box ends inside the last digit's bowl): a glyph is taken whole, nothing that does not
 * reach into the box is taken at all.
 */
const REACH = { x: 0.5, y: 0.35 };

export interface FigureInk {
  /** The box of the figure's own print. */
  region: Region;
  /** Whether a page pixel is ink of something else: a rule, a border, a neighbour's glyph. */
  foreign: (x: number, y: number) => boolean;
}

/** The box of the print inside `region`, rules and borders left out; null when nothing is printed there. */
export function inkBox(page: Pick<PageImage, "rgb" | "width" | "height">, region: Region): Region | null {
  return figureInk(page, region)?.region ?? null;
}

/** The figure's print inside `region` and the ink around it that is not the figure's. */
export function figureInk(page: Pick<PageImage, "rgb" | "width" | "height">, region: Region): FigureInk | null {
  const bx0 = Math.max(0, Math.floor(region.x * page.width));
  const by0 = Math.max(0, Math.floor(region.y * page.height));
  const bx1 = Math.min(page.width, Math.ceil((region.x + region.width) * page.width));
  const by1 = Math.min(page.height, Math.ceil((region.y + region.height) * page.height));
  if (bx1 - bx0 < 4 || by1 - by0 < 4) return null;
  const reachX = Math.round(REACH.x * (by1 - by0));
  const reachY = Math.round(REACH.y * (by1 - by0));
  const x0 = Math.max(0, bx0 - reachX);
  const y0 = Math.max(0, by0 - reachY);
  const x1 = Math.min(page.width, bx1 + reachX);
  const y1 = Math.min(page.height, by1 + reachY);
  const w = x1 - x0;
  const h = y1 - y0;
  // The window's grey, rules and borders painted over as paper, so that the ink box is the glyphs'.
  const grey = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = greyAt(page, x0 + x, y0 + y);
  const isDark = (x: number, y: number) => (grey[y * w + x] as number) < INK;
  // A rule runs dark across OCR's box, whatever lies beyond it; a border runs down past the box's
  // top and foot, where no glyph's stem reaches.
  const [inX0, inX1, inY0, inY1] = [bx0 - x0, bx1 - x0, by0 - y0, by1 - y0];
  const ruleRows: number[] = [];
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = inX0; x < inX1; x++) if (isDark(x, y)) n++;
    if (n > RULE_SHARE * (inX1 - inX0)) ruleRows.push(y);
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
  const inBox = (p: Component) => p.x1 >= inX0 && p.x0 < inX1 && p.y1 >= inY0 && p.y0 < inY1;
  const labels = new Int32Array(w * h);
  const all = components(w, h, dark, undefined, labels);
  const pieces = all.filter(inBox);
  const rule = dottedRule(pieces);
  const print = pieces.filter((p) => !rule.has(p));
  if (print.length === 0) return null;
  const labelOf = new Map(all.map((p, k) => [p, k + 1]));
  const own = new Set(print.map((p) => labelOf.get(p)));
  const box = {
    x0: Math.min(...print.map((p) => p.x0)),
    y0: Math.min(...print.map((p) => p.y0)),
    x1: Math.max(...print.map((p) => p.x1)) + 1,
    y1: Math.max(...print.map((p) => p.y1)) + 1,
  };
  const foreign = (px: number, py: number) => {
    const [x, y] = [px - x0, py - y0];
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    const i = y * w + x;
    // Ink painted over as a rule, or a piece of ink that is not the figure's.
    return labels[i] === 0 ? greyAt(page, px, py) < INK : !own.has(labels[i] as number);
  };
  return {
    region: {
      x: (x0 + box.x0) / page.width,
      y: (y0 + box.y0) / page.height,
      width: (box.x1 - box.x0) / page.width,
      height: (box.y1 - box.y0) / page.height,
    },
    foreign,
  };
}

/** A page pixel's grey level: the mean of its channels. */
function greyAt(page: Pick<PageImage, "rgb" | "width">, x: number, y: number): number {
  const i = (y * page.width + x) * 3;
  return ((page.rgb[i] as number) + (page.rgb[i + 1] as number) + (page.rgb[i + 2] as number)) / 3;
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
