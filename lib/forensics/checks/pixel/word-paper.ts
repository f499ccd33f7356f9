// The paper between a word's letters against the paper around it: a word pasted onto a capture.
//
// Why it works: a scanner or a camera puts the whole sheet through one exposure and one sensor, so
// the paper between the letters of a word is the paper around it: the same tone (the sheet's, under
// the light that fell there) and the same noise. A value cut from a clean render (another document
// of the issuer) and pasted over the holder's after the capture brings the render's paper along,
// to the edge of the cut-out: white and flat between its letters, where the captured paper a word's
// height away is a few levels darker and grainy. Per word read by OCR, the paper inside its box
// (light pixels away from strokes) is held against a ring of paper 0.6 to 1.2 of its heights away:
// its tone (median) and its noise (the mean residual of each pixel from its four neighbours). A
// word whose paper is a clear step lighter than the ring's and than the page's light paper near its
// text (a white box on a tinted panel is no lighter than the page's white), and has lost most of its
// noise, is paper the capture did not make. At the render's white (255) the noise says nothing: a
// JPEG save rings around the pasted letters and clips the ringing at the top, and a capture's paper
// is burnt out there only together with the paper around it. The paper-tone and flat-paper tests
// (paper-tone.ts, paper-patch.ts) judge 8×8 cells that are mostly paper, which a short pasted name,
// its margins a few pixels wide, rarely gives them; here the paper is taken between the letters
// themselves.
//
// Where it fails: a paste whose paper was matched to the capture's (a levels adjustment and added
// noise), a capture exposed so bright that its paper is clipped flat at 255 around the word too (no
// step), a burnt-out hot spot of a photo's light (glare) no larger than a word, and a word on the
// issuer's own lighter label (kept out by the page's light paper; the caller also weighs the
// pre-printed form only as a note). Asked on captures only: on a render every paper is flat.
import type { TextItem } from "../../context";
import type { Grey } from "./raster";
import { wordBox } from "./raster";
import { histogramMedian, quantile, round } from "./stats";

/** Pixels darker than this are ink or artwork, not paper. */
const PAPER = 160;
/** Largest gradient (|dx| + |dy|) in a pixel's 3×3 neighbourhood for it to be paper away from strokes. */
const GATE = 24;
/** The ring of paper around a word, in the word's heights from its box. */
const RING_FROM = 0.6;
const RING_TO = 1.2;
/** Paper pixels (sampled) a word and its ring need to be judged. */
const MIN_INNER = 60;
const MIN_RING = 200;

export const THRESHOLD = {
  /** Grey levels the word's paper stands above its ring's. */
  step: 5,
  /** The word's paper noise at most this share of its ring's. */
  noiseRatio: 0.45,
  /** Ring noise (mean residual, grey levels) below which there is no capture noise to lose. */
  minRingNoise: 0.5,
  /** Grey levels the word's paper stands above the page's light paper (PAGE_QUANTILE of the rings). */
  abovePage: 3,
};
/**
 * Paper at the ceiling of the scale is a render's white: there the JPEG save's ringing around the
 * letters, clipped on one side, is all the noise left to measure, and it says nothing of a sensor.
 * A capture's paper reaches it only where it is burnt out, and then its ring does too (no step).
 */
const CEILING = 254;
/** Words measured before the page's light paper is trusted. */
const MIN_WORDS = 8;
const PAGE_QUANTILE = 0.9;

export interface WordPaperMeasure {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  /** Whether the word is the holder's data (the caller's reading). */
  holder: boolean;
  /** Median tone and mean noise residual of the paper between the word's letters. */
  tone: number;
  noise: number;
  /** The same of the paper around it. */
  ringTone: number;
  ringNoise: number;
  pixels: number;
  ringPixels: number;
}

export interface WordPaperResult {
  wordsMeasured: number;
  /** The page's light paper near its text: a high quantile of the words' rings' tones. */
  pagePaper: number | null;
  threshold: typeof THRESHOLD;
  /** Every measured word (for the caller's logs and the tests); `deviations` are those set apart. */
  measured: WordPaperMeasure[];
  deviations: WordPaperMeasure[];
}

/** Whether no gradient above GATE stands in the 3×3 neighbourhood of pixel `i`. */
function awayFromStrokes(d: Uint8Array, i: number, w: number): boolean {
  for (let dy = -w; dy <= w; dy += w) {
    for (let dx = -1; dx <= 1; dx++) {
      const j = i + dy + dx;
      if (Math.abs(d[j + 1]! - d[j - 1]!) + Math.abs(d[j + w]! - d[j - w]!) > GATE) return false;
    }
  }
  return true;
}

function measureWord(g: Grey, item: TextItem, holder: boolean): WordPaperMeasure | null {
  const { data: d, width: w, height: h } = g;
  const b = wordBox(item, g);
  const wh = b.y1 - b.y0;
  if (wh < 8 || b.x1 - b.x0 < 8) return null;
  const near = Math.round(RING_FROM * wh);
  const far = Math.round(RING_TO * wh);
  const x0 = Math.max(2, b.x0 - far);
  const y0 = Math.max(2, b.y0 - far);
  const x1 = Math.min(w - 2, b.x1 + far);
  const y1 = Math.min(h - 2, b.y1 + far);
  // Grey levels are whole numbers from 0 to 255: a histogram gives their median without a sort.
  const inner = new Uint32Array(256);
  const ring = new Uint32Array(256);
  let innerPixels = 0;
  let ringPixels = 0;
  let innerNoise = 0;
  let ringNoise = 0;
  // Every other row: half the pixels describe a word's paper as well.
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x++) {
      const inside = x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1;
      const outside = x < b.x0 - near || x >= b.x1 + near || y < b.y0 - near || y >= b.y1 + near;
      if (!inside && !outside) continue;
      const i = y * w + x;
      const v = d[i]!;
      if (v < PAPER || !awayFromStrokes(d, i, w)) continue;
      const residual = Math.abs(4 * v - d[i - 1]! - d[i + 1]! - d[i - w]! - d[i + w]!) / 4;
      if (inside) {
        inner[v]!++;
        innerPixels++;
        innerNoise += residual;
      } else {
        ring[v]!++;
        ringPixels++;
        ringNoise += residual;
      }
    }
  }
  if (innerPixels < MIN_INNER || ringPixels < MIN_RING) return null;
  return {
    ...b,
    text: item.text,
    holder,
    tone: histogramMedian(inner, innerPixels),
    noise: round(innerNoise / innerPixels, 3),
    ringTone: histogramMedian(ring, ringPixels),
    ringNoise: round(ringNoise / ringPixels, 3),
    pixels: innerPixels,
    ringPixels,
  };
}

/** Whether a word's paper is lighter and cleaner than the captured paper around it and than the page's. */
export function pastedPaper(m: WordPaperMeasure, pagePaper: number): boolean {
  return (
    m.ringNoise >= THRESHOLD.minRingNoise &&
    m.tone - m.ringTone >= THRESHOLD.step &&
    m.tone - pagePaper >= THRESHOLD.abovePage &&
    (m.noise <= THRESHOLD.noiseRatio * m.ringNoise || m.tone >= CEILING)
  );
}

/**
 * Words (read by OCR on a captured page: the caller decides) whose paper is lighter and cleaner
 * than the paper around them. `isHolder` tells which words are the holder's data.
 */
export function analyseWordPaper(
  g: Grey,
  words: readonly TextItem[],
  isHolder: (word: TextItem) => boolean = () => true,
): WordPaperResult {
  const measured: WordPaperMeasure[] = [];
  for (const item of words) {
    if (item.text.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
    const m = measureWord(g, item, isHolder(item));
    if (m) measured.push(m);
  }
  const none = { wordsMeasured: measured.length, pagePaper: null, threshold: THRESHOLD, measured, deviations: [] };
  if (measured.length < MIN_WORDS) return none;
  // The page's light paper: most words' rings are no lighter (a photo's light falls off, a
  // tinted panel is darker); a pasted word's own ring is one of many.
  const pagePaper = quantile(
    measured.map((m) => m.ringTone),
    PAGE_QUANTILE,
  );
  const deviations = measured
    .filter((m) => pastedPaper(m, pagePaper))
    .sort((p, q) => q.tone - q.ringTone - (p.tone - p.ringTone));
  return { wordsMeasured: measured.length, pagePaper, threshold: THRESHOLD, measured, deviations };
}
