// Which rasteriser drew a word, read from the colours of its anti-aliased edges, on a render kept
// lossless (a PNG export). A page's text is rasterised by one engine, and what an engine leaves at
// a glyph's edge is its own: Splash (pdftoppm, poppler) fills glyph outlines (Type 3 fonts, as
// Chromium's PDFs embed them, and large glyphs) in 16 coverage steps, so between one paper and one
// ink every such word of the page takes the same 15 edge colours; FreeType, Skia and ImageMagick
// take any of 254. A name retyped over the page in an image editor is drawn by another
// engine: on a page whose words agree on a few edge colours, most of its edge colours are ones no
// other word of that ink on that paper ever takes. A name cut from another document and resized to
// fit (a splice) is resampled: the interpolation (bicubic, Lanczos) rings past every sharp edge, so
// its strokes carry pixels darker than the ink it was printed in, on the line from paper to ink,
// which no rasteriser draws (a glyph's darkest pixel is the ink at full coverage).
//
// Where it fails: a lossy save (JPEG) moves every colour and rings around every glyph, so only
// lossless renders are read. A page drawn with 254 edge levels gives a retype's colours nowhere to
// stand out; a name set in an ink and on a paper no other word shares has nothing to be compared
// with and is not judged, nor is one set in a size no other word of its ink shares (Splash draws
// large glyphs as filled outlines, with other edge colours than the small ones it draws through
// FreeType: a diploma's name); a word over a picture has no single paper and is not measured, and
// type filled with a gradient or shadowed goes far past its ink and is not judged for ringing.
// Black ink on white paper has nothing past it to ring into: a splice there shows no overshoot.
import type { TextItem } from "../../context";
import { nearOnOneLine } from "../../region";
import { wordBox } from "./raster";
import { quantile, round } from "./stats";

export interface RasteriserDeviation {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  measure: "edge_colours" | "overshoot";
  /** Share of the word's edge pixels in colours no peer takes (edge_colours), or of its ink pixels darker than its ink (overshoot). */
  value: number;
  /** The same share on the page's other measured words (90th percentile). */
  pageLevel: number;
  /** Edge pixels of the words of the same ink and paper it was compared with (edge_colours), or words measured (overshoot). */
  peers: number;
}

export interface RasteriserResult {
  wordsMeasured: number;
  deviations: RasteriserDeviation[];
}

/** Least grey-level distance between a word's paper and its ink for its edges to say anything. */
const MIN_CONTRAST = 60;
/** Colour distance (RGB levels) from the paper-to-ink line within which a pixel is that ink on that paper. */
const ON_LINE = 6;
/** Levels past the ink, along the line, that no rounding reaches. */
const PAST_INK = 4;
/** Edge pixels a word needs to be judged, and its peers together to know the page's edge colours. */
const MIN_EDGE = 30;
const MIN_PEER_EDGE = 4000;
/** Ink pixels a word needs, and darker-than-ink pixels, for an overshoot to count. */
const MIN_INK = 40;
const MIN_OVERSHOOT = 15;
/**
 * An interpolation rings past the ink by a tenth of the step from paper to ink at most (bicubic
 * 0.07, Lanczos a little more); type filled with a gradient or set over a darker shadow goes far
 * past its commonest dark colour, and a word with more than a few such pixels is not judged.
 */
const MAX_RING = 1.2;
const MAX_BEYOND = 0.25;
/** A darker colour at least this share as common as the ink leaves the ink unknown (ringing spreads over many). */
const INK_DOMINANCE = 0.5;
/** Least share that counts, and multiple of the page's own level it must also reach. */
export const RASTERISER_FLOOR = { edge_colours: 0.6, overshoot: 0.1 } as const;
const PAGE_FACTOR = 3;

interface WordColours {
  item: TextItem;
  box: { x0: number; y0: number; x1: number; y1: number };
  group: string;
  /** Edge colour (packed RGB) → pixels. */
  edge: Map<number, number>;
  edgeCount: number;
  ink: number;
  overshoot: number;
}

/** Words whose heights differ by more than this ratio are set in other sizes. */
const SIZE_RATIO = 1.25;

function similarSize(a: WordColours, b: WordColours): boolean {
  const ratio = (a.box.y1 - a.box.y0) / (b.box.y1 - b.box.y0);
  return ratio <= SIZE_RATIO && ratio >= 1 / SIZE_RATIO;
}

const pack = (rgb: Uint8Array, i: number) =>
  ((rgb[i] as number) << 16) | ((rgb[i + 1] as number) << 8) | (rgb[i + 2] as number);
const luma = (c: number) => ((c >> 16) * 19595 + ((c >> 8) & 255) * 38470 + (c & 255) * 7471 + 32768) >> 16;

/** The commonest colour among the pixels whose grey passes `keep`, and how many pixels take it. */
function modeOf(colours: Int32Array, greys: Uint8Array, keep: (grey: number) => boolean): [number, number] {
  const count = new Map<number, number>();
  let best = -1;
  let bestN = 0;
  for (let i = 0; i < colours.length; i++) {
    if (!keep(greys[i] as number)) continue;
    const c = colours[i] as number;
    const n = (count.get(c) ?? 0) + 1;
    count.set(c, n);
    if (n > bestN) {
      bestN = n;
      best = c;
    }
  }
  return [best, bestN];
}

/** The grey level below which `rank` of the histogram's pixels lie. */
function levelAt(hist: Uint32Array, rank: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v] as number;
    if (seen > rank) return v;
  }
  return 255;
}

function measureWord(rgb: Uint8Array, width: number, height: number, item: TextItem): WordColours | null {
  // The OCR box, a pixel wider on every side so that the outermost edge pixels are in.
  const b = wordBox(item, { width, height });
  const box = {
    x0: Math.max(0, b.x0 - 1),
    y0: Math.max(0, b.y0 - 1),
    x1: Math.min(width, b.x1 + 1),
    y1: Math.min(height, b.y1 + 1),
  };
  if (box.x1 - box.x0 < 4 || box.y1 - box.y0 < 4) return null;
  const n = (box.x1 - box.x0) * (box.y1 - box.y0);
  const colours = new Int32Array(n);
  const greys = new Uint8Array(n);
  const hist = new Uint32Array(256);
  let k = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++, k++) {
      const c = pack(rgb, (y * width + x) * 3);
      colours[k] = c;
      greys[k] = luma(c);
      hist[greys[k] as number]++;
    }
  }
  const mid = levelAt(hist, n * 0.5);
  const low = levelAt(hist, n * 0.1);
  // The paper: the commonest of the lighter half; the ink: the commonest of the darkest tenth.
  const [paper] = modeOf(colours, greys, (v) => v >= mid);
  const [ink, inkN] = modeOf(colours, greys, (v) => v <= low);
  // A small word may have as many pixels of a darker colour as of its commonest dark one (few of
  // its pixels are fully covered): its ink is not known, nor is what lies past it.
  const [, darkerN] = modeOf(colours, greys, (v) => v < luma(ink) - PAST_INK);
  const inkKnown = darkerN < INK_DOMINANCE * inkN;
  const p = [paper >> 16, (paper >> 8) & 255, paper & 255] as const;
  const d = [p[0] - (ink >> 16), p[1] - ((ink >> 8) & 255), p[2] - (ink & 255)] as const;
  const len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  if (luma(paper) - luma(ink) < MIN_CONTRAST) return null;
  const len = Math.sqrt(len2);
  const edge = new Map<number, number>();
  let edgeCount = 0;
  let inkCount = 0;
  let overshoot = 0;
  let beyond = 0;
  const inkGrey = luma(ink);
  const pastRing = inkGrey - (MAX_RING - 1) * (luma(paper) - inkGrey);
  for (const c of colours) {
    // Far darker than the ink, on its line or not (a gradient clipped at black, a shadow).
    if (luma(c) < pastRing) {
      beyond++;
      continue;
    }
    const v = [p[0] - (c >> 16), p[1] - ((c >> 8) & 255), p[2] - (c & 255)] as const;
    const a = (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / len2;
    const r0 = v[0] - a * d[0];
    const r1 = v[1] - a * d[1];
    const r2 = v[2] - a * d[2];
    if (r0 * r0 + r1 * r1 + r2 * r2 > ON_LINE * ON_LINE) continue;
    if (a > 0.9) inkCount++;
    if (a > MAX_RING) beyond++;
    else if (a * len > len + PAST_INK) overshoot++;
    if (c === paper || c === ink || a <= 0.02 || a >= 0.98) continue;
    edge.set(c, (edge.get(c) ?? 0) + 1);
    edgeCount++;
  }
  return {
    item,
    box,
    group: `${paper}:${ink}`,
    edge,
    edgeCount,
    ink: inkKnown && beyond <= MAX_BEYOND * overshoot ? inkCount : 0,
    overshoot,
  };
}

/**
 * Words whose edges were drawn by another rasteriser than the page's, or resampled: on a lossless
 * render only (the caller decides), every word OCR read with a plain paper and ink is measured.
 */
export function analyseTypeRasteriser(
  rgb: Uint8Array,
  width: number,
  height: number,
  words: readonly TextItem[],
): RasteriserResult {
  const measured: WordColours[] = [];
  for (const item of words) {
    if (item.text.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
    const m = measureWord(rgb, width, height, item);
    if (m) measured.push(m);
  }
  const foreign = new Map<WordColours, { share: number; peers: number }>();
  for (const m of measured) {
    if (m.edgeCount < MIN_EDGE) continue;
    // Its peers: the words of its ink on its paper, of about its size (Splash draws small glyphs
    // through FreeType and large ones as filled outlines, each with its own edge colours: a
    // diploma's name, a heading), not set with it on its line (one retyped name is several words).
    const peerColours = new Map<number, number>();
    let peers = 0;
    for (const o of measured) {
      if (o.group !== m.group || nearOnOneLine(m.box, o.box) || !similarSize(m, o)) continue;
      peers += o.edgeCount;
      for (const [c, n] of o.edge) peerColours.set(c, (peerColours.get(c) ?? 0) + n);
    }
    if (peers < MIN_PEER_EDGE) continue;
    let alone = 0;
    for (const [c, n] of m.edge) if (!peerColours.has(c)) alone += n;
    foreign.set(m, { share: alone / m.edgeCount, peers });
  }
  const overshoot = new Map<WordColours, number>();
  for (const m of measured) if (m.ink >= MIN_INK) overshoot.set(m, m.overshoot / m.ink);

  const deviations: RasteriserDeviation[] = [];
  const level = (values: number[]) => (values.length >= 8 ? quantile(values, 0.9) : Infinity);
  const foreignLevel = level([...foreign.values()].map((f) => f.share));
  for (const [m, f] of foreign) {
    if (f.share < Math.max(RASTERISER_FLOOR.edge_colours, PAGE_FACTOR * foreignLevel)) continue;
    deviations.push({
      ...m.box,
      text: m.item.text,
      measure: "edge_colours",
      value: round(f.share, 3),
      pageLevel: round(foreignLevel, 3),
      peers: f.peers,
    });
  }
  const overLevel = level([...overshoot.values()]);
  for (const [m, share] of overshoot) {
    if (m.overshoot < MIN_OVERSHOOT || share < Math.max(RASTERISER_FLOOR.overshoot, PAGE_FACTOR * overLevel)) continue;
    deviations.push({
      ...m.box,
      text: m.item.text,
      measure: "overshoot",
      value: round(share, 3),
      pageLevel: round(overLevel, 3),
      peers: overshoot.size,
    });
  }
  deviations.sort((a, b) => b.value / RASTERISER_FLOOR[b.measure] - a.value / RASTERISER_FLOOR[a.measure]);
  return { wordsMeasured: measured.length, deviations };
}
