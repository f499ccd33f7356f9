// The face a word is set in, read from its strokes: how much thicker its stems are than its thin
// strokes. A serif text face (Times, Georgia, Garamond) draws its vertical stems two to three times
// as thick as its hairlines and horizontal strokes (the top of an o, the arch of an n, a serif);
// a sans face (Arial, Helvetica, DejaVu Sans) draws them nearly alike. Every word of one line of
// running text is set in one face, so its words agree in that contrast; a name painted over and
// typed again in another face (a sans name inside a serif sentence, "We hereby certify that Lars
// Moreau ...") stands apart from every other word of its line, whatever baseline and size the
// forger matched.
//
// Stems are measured across the middle rows of the word's main band (the x-height or cap height),
// where only stems and the sides of round letters are crossed; thin strokes down the columns, as
// the short runs of ink a column crosses (a stem's column crosses a long one, which is left out).
// Each run's width is the sum of its pixels' ink coverage, so an anti-aliased hairline of 0.6 px
// counts as 0.6 px.
//
// Where it fails: a retype in a face of the same contrast as the page's (a sans name on a sans
// page, a serif name retyped in the page's own serif); a name alone on its line or beside fewer than
// four words (an addressee block, a diploma's name line); a retype in a face of more contrast than
// the line's (a serif name in a sans line: the line's own bold raises the contrast as far, so that
// way is not read); a capture, whose blur and ink spread thicken a
// hairline more than a stem (the caller reads it on renders only).
import type { TextItem } from "../../context";
import { foldText } from "../../pipeline/doc-vocabulary";
import { lineGroups } from "../../pipeline/reading-order";
import { measureWord, type WordBox, type WordMetrics } from "./glyph-metrics";
import { wordBox, type Grey } from "./raster";
import { inkRuns } from "./ink-runs";
import { median, robustSpread, round } from "./stats";

export interface StrokeContrast {
  /** Median width of the stems (px) and of the thin strokes (px), coverage counted. */
  thick: number;
  thin: number;
  /** thick / thin. */
  ratio: number;
  /** The word's main band (px) the strokes were read in: the size they are relative to. */
  band: number;
  /** Runs measured across (stems) and down (thin strokes). */
  stems: number;
  thins: number;
}

/** Stems are crossed in the middle of the band: this share of it is left out at its top and at its foot. */
const STEM_ROWS_MARGIN = 0.25;
/** A run across longer than this share of the band crosses a bar or a join, not a stem. */
const MAX_STEM = 0.35;
/** Rows above and below the band searched for thin strokes (a serif's foot, an o's overshoot). */
const THIN_MARGIN = 0.25;
/** A run down a column longer than this share of the band is a stem or its anti-aliased edge. */
const MAX_THIN = 0.35;
/** Runs thinner than this (px) are a JPEG's ringing or a stray pixel, not a stroke. */
const MIN_RUN = 0.3;
/** Runs a word needs of each kind before its contrast is read. */
const MIN_RUNS = 8;

/**
 * The word's stroke contrast, or null when too few stems or thin strokes can be told (a short
 * word, a word of figures whose strokes are all of one kind).
 */
export function strokeContrast(g: Grey, box: WordBox, m: WordMetrics): StrokeContrast | null {
  const band = m.band;
  if (!(band > 0)) return null;
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(g.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(m.bandTop - THIN_MARGIN * band));
  const y1 = Math.min(g.height, Math.ceil(m.baseline + THIN_MARGIN * band));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 4 || h < 4) return null;
  const cover = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = (y0 + y) * g.width + x0;
    for (let x = 0; x < w; x++)
      cover[y * w + x] = Math.min(1, Math.max(0, (m.paper - (g.data[row + x] as number)) / m.contrast));
  }
  const stems: number[] = [];
  const sy0 = Math.max(0, Math.round(m.bandTop + STEM_ROWS_MARGIN * band) - y0);
  const sy1 = Math.min(h, Math.round(m.baseline - STEM_ROWS_MARGIN * band) - y0);
  for (let y = sy0; y < sy1; y++)
    inkRuns(cover, y * w, 1, w, (width, from, to) => {
      if (from > 0 && to < w && width >= MIN_RUN && to - from <= MAX_STEM * band + 2) stems.push(width);
    });
  const thins: number[] = [];
  for (let x = 0; x < w; x++)
    inkRuns(cover, x, w, h, (width, from, to) => {
      if (from > 0 && to < h && width >= MIN_RUN && to - from <= MAX_THIN * band + 1) thins.push(width);
    });
  if (stems.length < MIN_RUNS || thins.length < MIN_RUNS) return null;
  const thick = median(stems);
  const thin = median(thins);
  return { thick, thin, ratio: thick / thin, band, stems: stems.length, thins: thins.length };
}

export interface LetterformWord {
  /** Pixel box of the word on the analysed raster. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  /** The word's stem-to-thin-stroke ratio and its line's (the median of its other words'). */
  ratio: number;
  lineRatio: number;
  /** Robust spread of the line's words' ratios, and how many of them the word stands off it. */
  spread: number;
  spreads: number;
  /** Words of the line it was compared with. */
  peers: number;
}

export interface LetterformResult {
  /** The holder's words measured against a line of at least MIN_PEERS words. */
  judged: LetterformWord[];
  /** Those set in another face than their line's. */
  deviations: LetterformWord[];
  /** The holder's words judged against their line (page-face.ts weighs the others against the page). */
  lineJudged: ReadonlySet<TextItem>;
}

/** Words of the line a holder's word needs beside it: fewer cannot say what the line's face is. */
export const MIN_PEERS = 4;
/**
 * A word stands apart at this many robust spreads of its line's words. Measured on LibreOffice
 * exports (JPEG, 150–200 dpi): names retyped in a sans face inside a serif sentence stood 10 to 15
 * spreads off their line; the holder's words of genuine export pages set in their line's face at
 * most 4.4 (names set in the line's bold stood up to 25 off, the other way, which is not read).
 */
export const MIN_SPREADS = 4.5;
/**
 * And its stems are at most this share of its thin strokes' relative to its line's: a face of more
 * even strokes than the line's. A serif text face's stems measure about twice its thin strokes at
 * 150–200 dpi, a sans face's 1.1–1.3 times, so a sans word in a serif line stands at 0.53–0.63 of
 * its line; the words of genuine export pages set in their line's face stood 0.79–1.52. Only this
 * way: a word set in its line's own bold (a name in bold inside a sentence) thickens its stems more
 * than its thin strokes, and genuine bold names stood 1.32–1.64 of their lines, where a serif word
 * in a sans line would stand. A line whose words happen to agree closely (a tiny spread) is no
 * reason to count a few per cent of rounding.
 */
export const MAX_FACTOR = 0.65;
/**
 * Least spread of a line's words, as a share of its ratio: the rasteriser's rounding of stems to
 * the pixel grid moves a word's ratio by a few per cent, so words that agree closer than that agree
 * by chance (genuine lines measured 1–6 %).
 */
export const MIN_SPREAD = 0.02;
/** Peers must be read with this OCR confidence: a misread box may take in a rule or two words. */
const MIN_CONFIDENCE = 60;

const letters = (text: string) => text.replace(/[^\p{L}]/gu, "").length;
/**
 * Letters with a bowl, an arch or a bar, whose columns cross thin strokes. A word of stems and
 * diagonals ("will", "Illy") has few thin strokes but its serifs and dots, and reads as a face of
 * even strokes whatever its face (a genuine "will" stood at 0.54 of its line).
 */
const CROSSED = /[abcdeghmnopqrsuBCDEGOPQRSU]/g;
const crossed = (text: string) => (foldText(text).match(CROSSED)?.length ?? 0) * 2 >= letters(text);

export function contrastOf(g: Grey, item: TextItem): StrokeContrast | null {
  if (letters(item.text) < 3 || !crossed(item.text)) return null;
  const box = wordBox(item, g);
  const m = measureWord(g, box);
  return m ? strokeContrast(g, box, m) : null;
}

/**
 * The holder's words (`holder`) measured against the other words of their line, and those whose
 * stroke contrast falls below the line's by MIN_SPREADS of its spread and to MAX_FACTOR of it. Only
 * lines that hold one of the holder's words are measured.
 */
export function analyseLetterform(
  g: Grey,
  words: readonly TextItem[],
  holder: ReadonlySet<TextItem>,
): LetterformResult {
  const judged: LetterformWord[] = [];
  const lineJudged = new Set<TextItem>();
  for (const line of lineGroups(words)) {
    const mine = line.filter((w) => holder.has(w));
    if (!mine.length) continue;
    // The other words of the line, sure readings only; every word of the holder's is left out, as
    // a retype sets the whole name in its face.
    const peers = line
      .filter((w) => !holder.has(w) && w.confidence >= MIN_CONFIDENCE)
      .flatMap((w) => contrastOf(g, w)?.ratio ?? []);
    if (peers.length < MIN_PEERS) continue;
    const lineRatio = median(peers);
    const spread = Math.max(robustSpread(peers, lineRatio), MIN_SPREAD * lineRatio);
    for (const item of mine) {
      const c = contrastOf(g, item);
      if (!c) continue;
      const spreads = Math.abs(c.ratio - lineRatio) / spread;
      lineJudged.add(item);
      judged.push({
        ...wordBox(item, g),
        text: item.text,
        ratio: round(c.ratio, 3),
        lineRatio: round(lineRatio, 3),
        spread: round(spread, 3),
        spreads: round(spreads, 1),
        peers: peers.length,
      });
    }
  }
  const deviations = judged.filter((d) => d.spreads >= MIN_SPREADS && d.ratio <= MAX_FACTOR * d.lineRatio);
  return { judged, deviations, lineJudged };
}
