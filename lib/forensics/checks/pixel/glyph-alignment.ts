// Within one word of capitals and digits every glyph stands on the same baseline and reaches the
// same cap height: that is how type is set, in any font with lining figures. A word pieced together
// on the page (a clone or splice whose patch edge cuts through letters, a value typed beside the
// remnant of the old one) has glyphs whose tops or feet sit apart from their neighbours'.
import type { WordBox } from "./glyph-metrics";
import type { Grey } from "./raster";

export interface GlyphAlignment {
  /** Glyphs (column groups of ink) measured. */
  glyphs: number;
  /** Median body height of the glyphs, in pixels. */
  body: number;
  /** Glyphs whose top or foot sits apart from the word's by more than `tolerance` of the body. */
  offTop: number;
  offFoot: number;
  /** The largest offset of a top or foot, and of a foot alone, as a share of the body height. */
  worst: number;
  worstFoot: number;
}

/** Ink coverage that counts a pixel as part of a glyph. */
const INK = 0.35;
/** Glyphs lower than this share of the word's body are punctuation (a dot, a hyphen, a comma). */
const MIN_BODY_SHARE = 0.45;

export interface Glyph {
  /** Centre column, top row and the row below the foot of the glyph's body. */
  x: number;
  top: number;
  foot: number;
}

/** Column groups of ink across the box, each glyph's body as its tallest unbroken run of ink rows. */
export function glyphsOf(g: Grey, box: WordBox, paper: number, contrast: number): Glyph[] {
  const inked = (x: number, y: number) => (paper - (g.data[y * g.width + x] as number)) / contrast >= INK;
  const glyphs: Glyph[] = [];
  let start = -1;
  for (let x = box.x0; x <= box.x1; x++) {
    let any = false;
    if (x < box.x1) for (let y = box.y0; y < box.y1 && !any; y++) any = inked(x, y);
    if (any && start < 0) start = x;
    if (!any && start >= 0) {
      // Rows with ink in these columns; the body is the longest run without a blank row (an accent
      // or a stray mark above is a run of its own).
      let best = { x: (start + x - 1) / 2, top: 0, foot: -1 };
      let runTop = -1;
      for (let y = box.y0; y <= box.y1; y++) {
        let row = false;
        if (y < box.y1) for (let cx = start; cx < x && !row; cx++) row = inked(cx, y);
        if (row && runTop < 0) runTop = y;
        if (!row && runTop >= 0) {
          if (y - runTop > best.foot - best.top) best = { x: best.x, top: runTop, foot: y };
          runTop = -1;
        }
      }
      if (best.foot > best.top) glyphs.push(best);
      start = -1;
    }
  }
  return glyphs;
}

/**
 * Neighbouring glyphs that share no row: the box takes in two lines of text (OCR drew one word's
 * box over a stacked block, "Account statement" above its period), not one word with a glyph out
 * of line. Letters set side by side always overlap, on a tilted photo too; a patch that moves a
 * glyph by its whole height is no cut through type. There is no line to measure against.
 */
function twoLines(glyphs: readonly Glyph[]): boolean {
  return glyphs.some((a, i) => {
    const b = glyphs[i + 1];
    return b !== undefined && (a.foot <= b.top || b.foot <= a.top);
  });
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * How well the glyphs of a word of capitals and digits line up, or null when fewer than three
 * glyphs can be told apart (touching letters merge into one group, which is fine: a group's top and
 * foot are still its letters').
 */
export function glyphAlignment(
  g: Grey,
  box: WordBox,
  levels: { paper: number; contrast: number },
  tolerance: number,
): GlyphAlignment | null {
  const all = glyphsOf(g, box, levels.paper, levels.contrast);
  const tallest = Math.max(0, ...all.map((x) => x.foot - x.top));
  const glyphs = all.filter((x) => x.foot - x.top >= tallest * MIN_BODY_SHARE);
  if (glyphs.length < 3 || twoLines(glyphs)) return null;
  const body = medianOf(glyphs.map((x) => x.foot - x.top));
  // The line the feet keep, tilted as a photographed page's lines are: the median slope between
  // pairs of glyphs (Theil-Sen), which a few glyphs off the line do not move.
  const slopes: number[] = [];
  for (let i = 0; i < glyphs.length; i++)
    for (let j = i + 1; j < glyphs.length; j++) {
      const a = glyphs[i] as Glyph;
      const b = glyphs[j] as Glyph;
      if (b.x !== a.x) slopes.push((b.foot - a.foot) / (b.x - a.x));
    }
  const slope = slopes.length ? medianOf(slopes) : 0;
  const level = (v: number, x: Glyph) => v - slope * x.x;
  const top = medianOf(glyphs.map((x) => level(x.top, x)));
  const foot = medianOf(glyphs.map((x) => level(x.foot, x)));
  const limit = Math.max(2, tolerance * body);
  let worst = 0;
  let worstFoot = 0;
  let offTop = 0;
  let offFoot = 0;
  for (const x of glyphs) {
    const dt = Math.abs(level(x.top, x) - top);
    const df = Math.abs(level(x.foot, x) - foot);
    if (dt > limit) offTop++;
    if (df > limit) offFoot++;
    worst = Math.max(worst, dt / body, df / body);
    worstFoot = Math.max(worstFoot, df / body);
  }
  return { glyphs: glyphs.length, body, offTop, offFoot, worst, worstFoot };
}
