// Type stretched or squeezed after it was drawn: a name cut from another document and resized to the
// width of the one it covers (a splice). A rasteriser draws every word of one face, weight and size
// with stems of one width, to a few hundredths of a pixel, whatever the word; a cut-out resized to
// another width keeps its height, its horizontal strokes and its size, but its stems (crossed along
// rows) widen or narrow with the width: 0.98–1.06 of their horizontal strokes where the page's
// words of the same size and face draw them 1.15–1.22 times, or a bold name's stems at 0.86 of the
// page's bold headings'. The word is compared with the page's words of its own size (main band),
// horizontal strokes (the same weight: a resize leaves them) and the class of stem widths nearest
// its own: a resized word's stems fall between the page's classes, a tenth to a quarter off
// the nearest, where a genuine word's fall on one.
//
// Where it fails: a word alone in its size and weight on its page (a diploma's name in a display
// face) has nothing to be held against; a resize that keeps the width (a cut-out of the same
// length) leaves the stems as they were; a genuine word in a face of its own that happens to share
// the page's band and horizontal strokes (a semibold beside a bold) stands where a resized one
// would, which is why the window is bounded and the finding alone stays medium.
import type { TextItem } from "../../context";
import { measureWord } from "./glyph-metrics";
import { strokeContrast } from "./letterform";
import { type Grey, wordBox } from "./raster";
import { median, round } from "./stats";

/** A peer's main band agrees with the word's within this share: the same size of type. */
const BAND_TOLERANCE = 0.08;
/** A peer's horizontal strokes agree with the word's within this share: the same weight, which a horizontal resize leaves. */
const BAR_TOLERANCE = 0.12;
/** The peers of one class of stems agree with its nearest member within this share. */
const CLASS_TOLERANCE = 0.05;
/** Peers a class needs before its stem width is trusted. */
const MIN_CLASS = 3;
/** OCR confidence of the words that stand for the page's type. */
const MIN_CONFIDENCE = 60;
/**
 * A word's stems stand off its class by at least this share: the rasteriser's rounding of a stem to
 * the pixel grid and a JPEG save move a word's median stem by a few per cent.
 */
export const MIN_OFF = 0.1;
/**
 * And at most this share: further off is another weight, not a resize (a bold word's stems are 1.3–1.8
 * times a regular's; genuine bold words whose horizontal strokes matched a regular class stood 1.29–1.74).
 */
export const MAX_OFF = 0.25;

export interface StemScaleWord {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  /** The word's median stem width and horizontal stroke width (px), and its main band. */
  stem: number;
  bar: number;
  band: number;
  /** The median stem of the page's class of words nearest it, and how many words that class holds. */
  classStem: number;
  peers: number;
  /** stem / classStem. */
  factor: number;
}

export interface StemScaleResult {
  wordsMeasured: number;
  judged: StemScaleWord[];
  deviations: StemScaleWord[];
}

interface Measured {
  item: TextItem;
  stem: number;
  bar: number;
  band: number;
}

const letterCount = (text: string) => text.replace(/[^\p{L}]/gu, "").length;
/** A word of letters (a name, a caption), not a code of signs (an MRZ line, a reference). */
const isWord = (text: string) =>
  letterCount(text) >= 3 && letterCount(text) >= 0.75 * text.replace(/[,.:;]$/, "").length;

function measure(g: Grey, item: TextItem): Measured | null {
  if (!isWord(item.text)) return null;
  const box = wordBox(item, g);
  const m = measureWord(g, box);
  const c = m && strokeContrast(g, box, m);
  return m && c ? { item, stem: c.thick, bar: c.thin, band: m.band } : null;
}

const near = (a: number, b: number, tolerance: number) => Math.abs(a / b - 1) <= tolerance;

/**
 * The class of stem widths nearest `stem`: taking peers from the nearest out, the first whose
 * neighbours within CLASS_TOLERANCE number MIN_CLASS (one odd word is no class).
 */
function nearestClass(stem: number, stems: number[]): number[] | null {
  const byDistance = [...stems].sort((a, b) => Math.abs(a - stem) - Math.abs(b - stem));
  for (const s of byDistance) {
    const cls = stems.filter((t) => near(t, s, CLASS_TOLERANCE));
    if (cls.length >= MIN_CLASS) return cls;
  }
  return null;
}

/**
 * The judged words (`judged`: the holder's data) held against the page's other words of their size
 * and weight (never the holder's name, `name`), and those whose stems stand MIN_OFF to MAX_OFF off
 * the nearest class of the page's stems.
 * Only words of about a judged word's height are measured, which keeps a page to a few dozen.
 */
export function analyseStemScale(
  g: Grey,
  words: readonly TextItem[],
  judged: (w: TextItem) => boolean,
  name: ReadonlySet<TextItem>,
): StemScaleResult {
  const targets = words.filter((w) => judged(w) && isWord(w.text));
  if (!targets.length) return { wordsMeasured: 0, judged: [], deviations: [] };
  // OCR boxes of one size of type agree within their ascenders and descenders: a generous window
  // on box height before anything is measured.
  const heights = targets.map((w) => w.height);
  const sized = (w: TextItem) => heights.some((h) => w.height >= 0.6 * h && w.height <= 1.6 * h);
  const measured = new Map<TextItem, Measured>();
  for (const w of words) {
    if (!sized(w) || (!judged(w) && w.confidence < MIN_CONFIDENCE)) continue;
    const m = measure(g, w);
    if (m) measured.set(w, m);
  }
  const out: StemScaleWord[] = [];
  for (const w of targets) {
    const me = measured.get(w);
    if (!me) continue;
    // Peers: the page's other words (the holder's name is one cut-out, so none of its words), of
    // the same size and weight by what a resize leaves alone. Other values of the holder's data
    // stay peers: a card sets its values in one style, and the captions in another.
    const peers = [...measured.values()].filter(
      (p) =>
        p.item !== w &&
        !name.has(p.item) &&
        near(p.band, me.band, BAND_TOLERANCE) &&
        near((p.bar * me.band) / p.band, me.bar, BAR_TOLERANCE),
    );
    if (peers.length < MIN_CLASS) continue;
    // A stem is drawn in proportion to its type's size: each peer's is read at the word's band
    // (a name set a few per cent larger than the line has stems as much wider).
    const cls = nearestClass(
      me.stem,
      peers.map((p) => (p.stem * me.band) / p.band),
    );
    if (!cls) continue;
    const classStem = median(cls);
    const box = wordBox(w, g);
    out.push({
      ...box,
      text: w.text,
      stem: round(me.stem, 3),
      bar: round(me.bar, 3),
      band: round(me.band, 2),
      classStem: round(classStem, 3),
      peers: cls.length,
      factor: round(me.stem / classStem, 3),
    });
  }
  const off = (d: StemScaleWord) => Math.abs(d.factor - 1);
  return {
    wordsMeasured: measured.size,
    judged: out,
    deviations: out.filter((d) => off(d) >= MIN_OFF && off(d) <= MAX_OFF),
  };
}
