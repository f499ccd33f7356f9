// The tops of a value's old letters left standing above a patch painted over it.
//
// Why it works: a forger who paints a rectangle over a name and types another one in its place
// rarely makes the rectangle as tall as the old letters; where it falls short, the tops of the
// old capitals, ascenders and bowls stay above it, each cut along the rectangle's top edge. Type
// never looks like that: what stands alone above a line of letters is a dot or an accent, as wide
// as a stroke and no flatter than round, and each sits over its own letter; cut tops are slivers
// of bars and bowls, most of them wider than tall, and every one of them ends on one row of
// pixels, the edge of the paint. So: within a word of the holder's data (its box as OCR read it,
// which takes in the slivers above the new letters), and a little above it, ink standing entirely
// above the word's capitals and ascenders, in three pieces or more that end on one row, one of them
// at least half again as wide as it is tall, two of them at least no accent or dot close above its
// own letter (type's accents end on one row too, each over its letter; a sliver ends there wherever
// the old letter stood, and may stand over a new one by chance). A name cut from a page in the
// same type stands where the old one stood: the old tops left on the row above its capitals join
// some of them, so the capitals' top is the row most of them start on, not the tallest one's.
//
// Where it fails: a patch tall enough to cover the old letters (nothing left to see); a capture,
// whose blur rounds a cut edge (read on renders only); a name in capitals with three macrons or
// more (Ā, Ē, Ū: flat, wide marks ending on one row).
import type { TextItem } from "../../context";
import { components } from "../../components";
import type { PixelBox } from "../../region";
import { wordBox, type Grey } from "./raster";
import { median } from "./stats";

export interface CutGlyphs {
  /** The word whose box holds the slivers, and the slivers' box (analysed raster pixels). */
  text: string;
  box: PixelBox;
  /** Pieces of ink ending on the cut row, how many of them are wider than tall, and that row. */
  pieces: number;
  flat: number;
  cutRow: number;
  /** Height of the word's letters (px) and of the tallest sliver. */
  letters: number;
  tallest: number;
}

interface Piece extends PixelBox {
  pixels: number;
}

/** A sliver stands at most this share of the letters' height. */
const MAX_SLIVER = 0.5;
/** An accent or a dot stands at most this share of the letters' height above its letter. */
const ACCENT_GAP = 0.25;
/** Pieces ending on one row that make a cut. */
const MIN_PIECES = 3;
/** Of them, at least this many standing where no accent of the letter under them would. */
const MIN_UNACCENTED = 2;
/** Of them, one at least this much wider than tall (a bar's or a bowl's top, no dot). */
const FLAT = 1.5;
const MIN_FLAT = 1;
/**
 * Share of the box's height looked at above it: OCR takes the slivers into the value's box, and a
 * margin more finds them at its top edge, but not the line above (its letters end on their baseline).
 */
const ABOVE = 0.1;
/** Least step from paper to ink (grey levels) for a word's ink to be told from its paper. */
const MIN_CONTRAST = 80;

/**
 * Connected pieces of ink inside `win` (page pixels), those touching its top, left or right edge
 * left out: what reaches beyond the window (a table's rule, the line above) is no sliver of it.
 */
function piecesOf(g: Grey, win: PixelBox, threshold: number): Piece[] {
  const w = win.x1 - win.x0;
  const ink = (i: number) => (g.data[(win.y0 + Math.floor(i / w)) * g.width + win.x0 + (i % w)] as number) < threshold;
  return components(w, win.y1 - win.y0, ink)
    .filter((c) => c.y0 > 0 && c.x0 > 0 && c.x1 < w - 1)
    .map((c) => ({
      x0: win.x0 + c.x0,
      y0: win.y0 + c.y0,
      x1: win.x0 + c.x1 + 1,
      y1: win.y0 + c.y1 + 1,
      pixels: c.size,
    }));
}

/** The cut slivers over one value (the box of its words, as OCR read them), if any. */
export function cutGlyphsOver(g: Grey, box: PixelBox, text: string): CutGlyphs | null {
  const height = box.y1 - box.y0;
  if (height < 8 || box.x1 - box.x0 < 8) return null;
  const win = {
    x0: Math.max(0, box.x0 - 1),
    y0: Math.max(0, box.y0 - Math.max(2, Math.round(ABOVE * height))),
    x1: Math.min(g.width, box.x1 + 1),
    y1: Math.min(g.height, box.y1 + 1),
  };
  let paper = 0;
  let darkest = 255;
  for (let y = win.y0; y < win.y1; y++) {
    for (let x = win.x0; x < win.x1; x++) {
      const v = g.data[y * g.width + x] as number;
      if (v > paper) paper = v;
      if (v < darkest) darkest = v;
    }
  }
  if (paper - darkest < MIN_CONTRAST) return null;
  const pieces = piecesOf(g, win, (paper + darkest) / 2);
  const tallest = Math.max(0, ...pieces.map((p) => p.y1 - p.y0));
  // The word's letters: its tall pieces, and how high they reach.
  const letters = pieces.filter((p) => p.y1 - p.y0 >= 0.5 * tallest);
  if (letters.length < 2) return null;
  // Where the value's capitals and ascenders start: the row most of them start on (the old tops
  // left joined to a few new capitals lift those, not this), or where its small letters start when
  // it has none. A sliver ends on the row above it at the lowest: what ends lower (an i's dot, an
  // accent over a small letter) stands between the small letters and the capitals, as type sets it.
  const line = median(letters.map((p) => p.y0));
  const capTop = modeOf(letters.filter((p) => p.y0 < line).map((p) => p.y0)) ?? line;
  const size = median(letters.map((p) => p.y1 - p.y0));
  // An accent or a dot stands close above its own letter, centred on it or within its width (the
  // two dots of an umlaut); a sliver stands where the old letter stood, the patch's margin above
  // the new one.
  const centre = (p: PixelBox) => (p.x0 + p.x1) / 2;
  const accent = (p: Piece) =>
    letters.some(
      (l) =>
        l.y0 - p.y1 <= ACCENT_GAP * size &&
        ((centre(l) >= p.x0 && centre(l) <= p.x1 && centre(p) >= l.x0 && centre(p) <= l.x1) ||
          (p.x0 >= l.x0 && p.x1 <= l.x1)),
    );
  const slivers = pieces.filter((p) => p.y1 <= capTop + 1 && p.y1 - p.y0 <= MAX_SLIVER * size && p.pixels >= 3);
  const byRow = new Map<number, Piece[]>();
  for (const p of slivers) byRow.set(p.y1, [...(byRow.get(p.y1) ?? []), p]);
  const unaccented = (row: Piece[]) => row.filter((p) => !accent(p)).length;
  const cut = [...byRow.values()].sort((a, b) => unaccented(b) - unaccented(a) || b.length - a.length)[0];
  if (!cut || cut.length < MIN_PIECES || unaccented(cut) < MIN_UNACCENTED) return null;
  const flat = cut.filter((p) => p.x1 - p.x0 >= FLAT * (p.y1 - p.y0)).length;
  if (flat < MIN_FLAT) return null;
  const union = cut.reduce(
    (u, p) => ({
      x0: Math.min(u.x0, p.x0),
      y0: Math.min(u.y0, p.y0),
      x1: Math.max(u.x1, p.x1),
      y1: Math.max(u.y1, p.y1),
    }),
    cut[0] as PixelBox,
  );
  return {
    text,
    box: { x0: union.x0, y0: union.y0, x1: union.x1, y1: union.y1 },
    pieces: cut.length,
    flat,
    cutRow: (cut[0] as Piece).y1,
    letters: size,
    tallest: Math.max(...cut.map((p) => p.y1 - p.y0)),
  };
}

/** The most common of `values` (the greater of two as common), null for none. */
function modeOf(values: number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  for (const [v, n] of counts)
    if (best === null || n > (counts.get(best) as number) || (n === counts.get(best) && v > best)) best = v;
  return best;
}

/** Words of one value: side by side on one line, no wider apart than their height. */
function valuesOf(g: Grey, words: readonly TextItem[]): Array<{ box: PixelBox; text: string }> {
  const boxes = words.map((w) => ({ box: wordBox(w, g), text: w.text })).sort((a, b) => a.box.x0 - b.box.x0);
  const out: Array<{ box: PixelBox; text: string }> = [];
  for (const w of boxes) {
    const h = w.box.y1 - w.box.y0;
    const joined = out.find((v) => {
      const shared = Math.min(v.box.y1, w.box.y1) - Math.max(v.box.y0, w.box.y0);
      return shared > 0.5 * Math.min(h, v.box.y1 - v.box.y0) && w.box.x0 - v.box.x1 <= h;
    });
    if (!joined) {
      out.push({ box: { ...w.box }, text: w.text });
      continue;
    }
    joined.text += ` ${w.text}`;
    joined.box = {
      x0: Math.min(joined.box.x0, w.box.x0),
      y0: Math.min(joined.box.y0, w.box.y0),
      x1: Math.max(joined.box.x1, w.box.x1),
      y1: Math.max(joined.box.y1, w.box.y1),
    };
  }
  return out;
}

/** Values of the holder's data with the slivers of cut letters standing over them. */
export function findCutGlyphs(g: Grey, words: readonly TextItem[], holder: (w: TextItem) => boolean): CutGlyphs[] {
  return valuesOf(
    g,
    words.filter((w) => holder(w) && w.text.trim() !== ""),
  ).flatMap((v) => cutGlyphsOver(g, v.box, v.text) ?? []);
}
