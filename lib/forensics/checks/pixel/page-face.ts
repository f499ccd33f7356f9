// The face of a holder's word that has no line to be judged against (letterform.ts needs four other
// words beside it): the first line of an addressee block, a value alone in its column. A statement,
// a bill or a payslip prints its data through one template in one face, so such a word is weighed
// against the page's words of its size. A name painted over and typed again in another face stands
// apart from them: a serif name on a sans page draws its stems 1.4–1.6 times its thin strokes
// relative to the page's words and its thin strokes 0.65–0.72 of theirs (LibreOffice exports, JPEG
// and PNG, 150–200 dpi); a sans name on a serif page stands the other way. A genuine name in the
// page's bold thickens its stems as much but its thin strokes too (1.2–1.4 of the page's): only
// thinner hairlines are another face. Genuine holder's words on one-face export pages stood
// 0.88–1.39 of the page with thin strokes of 0.79 or more where their contrast rose past 1.25.
//
// Where it fails: a page set in several faces (a serif letterhead, sans tables) has no one face, and
// is left unjudged; a retype in the page's own face; a name set larger than the body type (a
// diploma's display name) has no peers of its size; a capture's blur (the caller reads renders only).
import type { TextItem } from "../../context";
import { contrastOf, MAX_FACTOR, MIN_SPREAD, MIN_SPREADS } from "./letterform";
import { wordBox, type Grey } from "./raster";
import { median, robustSpread, round } from "./stats";

/** Peers are the page's words of the holder's word's size: main bands within this share. */
const SIZE_TOLERANCE = 0.25;
/** Peers a page needs at that size before its face is known. */
const MIN_PEERS = 6;
/** A page whose words' contrast spreads wider than this share of it mixes faces: no one face to hold a word to. */
const ONE_FACE = 0.1;
/**
 * A word whose contrast stands this far past every word of the page's at its size is in a face of
 * its own, however much the page's words spread between themselves (a sans page whose words read
 * 1.12–1.50 against a serif name's 2.06): a page in two faces has words of the second among them.
 */
const BEYOND_EVERY = 1.2;
/** A face of more contrast: stems at least this many times the thin strokes, relative to the page's... */
const MORE_CONTRAST = 1.35;
/** ...with thin strokes at most this share of the page's (a bold word's are thicker, not thinner). */
const THINNER = 0.8;
/** A word of the block within this share of the page's contrast is set in the page's face. */
const SAME_FACE = 0.15;
/** OCR confidence of the words that stand for the page's face. */
const MIN_CONFIDENCE = 60;

export interface PageFaceWord {
  item: TextItem;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  /** The word's stroke contrast and thin-stroke width (per band), each relative to the page's words of its size. */
  contrast: number;
  thin: number;
  /** Robust spreads of the page's contrast the word stands off it, and how many words the page gave. */
  spreads: number;
  peers: number;
  /** Other holder's words of its block (the lines stacked under or over it) and its caption's words, set in the page's face. */
  blockInPageFace: number;
}

export interface PageFaceResult {
  judged: PageFaceWord[];
  deviations: PageFaceWord[];
}

interface Measured {
  item: TextItem;
  ratio: number;
  /** Thin strokes per pixel of band: the weight of the hairlines, whatever the size. */
  thin: number;
  band: number;
}

function measure(g: Grey, item: TextItem): Measured | null {
  const c = contrastOf(g, item);
  return c ? { item, ratio: c.ratio, thin: c.thin / c.band, band: c.band } : null;
}

/** Whether `other` stands in the block of `word`: a line or two under or over it, from about its left edge. */
function sameBlock(word: TextItem, other: TextItem, lineStart: number): boolean {
  const pitch = 3.5 * Math.max(word.height, other.height);
  return Math.abs(other.y - word.y) <= pitch && other.y !== word.y && other.x >= lineStart - 2 * word.height;
}

/**
 * Whether `other` is the caption of the value `word` starts (`lineStart`): a word of its line
 * ending before the value, as a key-value row sets "Employee name" left of the name.
 */
function captionOf(word: TextItem, other: TextItem, lineStart: number): boolean {
  return Math.abs(other.y - word.y) < word.height / 2 && other.x + other.width <= lineStart;
}

/**
 * The holder's words (`holder`) that `byLine` did not judge, weighed against the page's words of
 * their size (those of `words` that are no holder's word).
 */
export function analysePageFace(
  g: Grey,
  words: readonly TextItem[],
  holder: ReadonlySet<TextItem>,
  byLine: ReadonlySet<TextItem>,
): PageFaceResult {
  const alone = new Set([...holder].filter((w) => !byLine.has(w)));
  if (!alone.size) return { judged: [], deviations: [] };
  const page = words
    .filter((w) => !holder.has(w) && w.confidence >= MIN_CONFIDENCE)
    .flatMap((w) => measure(g, w) ?? []);
  const mine = [...holder].flatMap((w) => measure(g, w) ?? []);
  // The face of the page's words of a word's size: their median contrast and its spread, when they
  // agree, or when the word stands clear of every one of them (a face none of the page's shares).
  const faceAround = (word: Measured) => {
    const peers = page.filter((p) => p !== word && Math.abs(p.band / word.band - 1) <= SIZE_TOLERANCE);
    if (peers.length < MIN_PEERS) return null;
    const ratios = peers.map((p) => p.ratio);
    const ratio = median(ratios);
    const spread = robustSpread(ratios, ratio);
    const beyondAll =
      word.ratio >= Math.max(...ratios) * BEYOND_EVERY || word.ratio * BEYOND_EVERY <= Math.min(...ratios);
    return ratio > 0 && (spread <= ONE_FACE * ratio || beyondAll) ? { peers, ratio, spread } : null;
  };
  const judged: PageFaceWord[] = [];
  const faceOf = new Map<TextItem, number>();
  for (const word of mine) {
    const face = faceAround(word);
    if (!face) continue;
    const { peers, ratio, spread } = face;
    faceOf.set(word.item, word.ratio / ratio);
    if (!alone.has(word.item)) continue;
    const box = wordBox(word.item, g);
    judged.push({
      item: word.item,
      x0: box.x0,
      y0: box.y0,
      x1: box.x1,
      y1: box.y1,
      text: word.item.text,
      contrast: round(word.ratio / ratio, 3),
      thin: round(word.thin / median(peers.map((p) => p.thin)), 3),
      spreads: round(Math.abs(word.ratio - ratio) / Math.max(spread, MIN_SPREAD * ratio), 1),
      peers: peers.length,
      blockInPageFace: 0,
    });
  }
  const departs = (d: PageFaceWord) =>
    d.spreads >= MIN_SPREADS && (d.contrast <= MAX_FACTOR || (d.contrast >= MORE_CONTRAST && d.thin <= THINNER));
  const deviations = judged.filter(departs).map((d) => {
    const item = d.item;
    const lineStart = Math.min(...[...holder].filter((w) => Math.abs(w.y - item.y) < item.height / 2).map((w) => w.x));
    const blockInPageFace = [...faceOf].filter(
      ([w, f]) => sameBlock(item, w, lineStart) && Math.abs(f - 1) <= SAME_FACE,
    ).length;
    const captionsInPageFace = page.filter((p) => {
      if (!captionOf(item, p.item, lineStart)) return false;
      const face = faceAround(p);
      return face !== null && Math.abs(p.ratio / face.ratio - 1) <= SAME_FACE;
    }).length;
    return { ...d, blockInPageFace: blockInPageFace + captionsInPageFace };
  });
  return { judged, deviations };
}
