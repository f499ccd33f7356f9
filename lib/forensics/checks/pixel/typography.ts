// Typographic consistency of the words read on a page. A field retyped in an editor, spliced in
// from another document or cloned from another line is set apart from the words printed with it:
// its letters stand on another baseline than the words of its phrase, reach another cap height than
// the capitals beside it or than the values of its column, a value stands taller than both its
// caption and the body type (value-size.ts) or than the lines of data stacked with it
// (value-stack.ts), its glyphs do not line up with each other (a patch
// edge cut through them), its stems change weight part-way (stroke-weight.ts: two pieces of
// type joined), or its line leaves the axis the centred lines around it keep (centred-lines.ts: a
// centred name retyped from the old one's left edge). Every issuer's layout mixes styles (headings, bold
// labels, script signatures, OCR-B zones), so a word is compared only with the words set with it,
// and a deviation counts only far outside how much the page's other words deviate in the same
// measure: a page of mixed styles raises its own bar.
import type { TextItem } from "../../context";
import { lineGroups } from "../../pipeline/reading-order";
import { centreOffsets, type LineBox } from "./centred-lines";
import { glyphAlignment, glyphsOf } from "./glyph-alignment";
import { measureWord, type WordMetrics } from "./glyph-metrics";
import { wordBox, type Grey } from "./raster";
import { median, round } from "./stats";
import { weightSplit } from "./stroke-weight";
import { valueSizeDeviation } from "./value-size";
import { stackDeviations } from "./value-stack";

export type TypeMeasure = "baseline" | "height" | "column" | "stack" | "alignment" | "size" | "weight" | "centre";

export interface TypeDeviation {
  /** Pixel box of the deviating word on the analysed raster. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
  measure: TypeMeasure;
  /** The deviation: share of the band (baseline, alignment) or of the line's height (centre), or ratio - 1 (heights). */
  value: number;
  /** How far the page's words deviate in that measure (robust spread). */
  pageSpread: number;
  /** Words (or glyphs, for alignment and weight) it was compared with. */
  peers: number;
}

export interface TypographyResult {
  wordsMeasured: number;
  threshold: Record<TypeMeasure, number>;
  deviations: TypeDeviation[];
}

/**
 * Least deviation that counts, whatever the page. Rounding to the pixel grid moves a word's band
 * by up to a pixel (~8 % of a 12-px cap height); a column's values may differ in size a little
 * where a form prints a longer value smaller, never by a quarter. A block's lines of data share
 * one capital height within a pixel of rounding and the few per cent digits and capitals differ
 * (value-stack.ts; genuine office and browser blocks measured at most 5 %). A centred line's ink stands off
 * its axis by its first and last glyphs' side bearings, under a tenth of its height.
 */
export const TYPE_FLOOR: Record<TypeMeasure, number> = {
  baseline: 0.18,
  height: 0.16,
  column: 0.25,
  stack: 0.12,
  alignment: 0.2,
  size: 0.16,
  weight: 0.4,
  centre: 0.15,
};
/** A deviation also counts only at this many times the page's own spread in that measure. */
const SPREAD_FACTOR = 5;
/**
 * A word's weight departure is already the largest over its split points, so every word's is
 * positive and the page's spread in it is a typical maximum: a smaller multiple of it is as strict.
 */
const WEIGHT_SPREAD_FACTOR = 3;
/** Comparisons a page needs before its own spread in a measure is trusted. */
const MIN_SPREAD_SAMPLES = 8;
/**
 * OCR words below this confidence may be a misread box (two words joined, a stray mark): they are
 * compared with no other word. Their own glyphs' alignment needs no reading, and a word pieced
 * together from two is exactly what OCR reads worst.
 */
const MIN_CONFIDENCE = 60;
/** A gap wider than this many band heights parts two columns of a line (label column, value column). */
const COLUMN_GAP = 2.5;
/** Column peers: left edges within this share of the band, lines within this many bands above or below. */
const COLUMN_ALIGN = 0.3;
const COLUMN_REACH = 8;
/** Column peers that agree with each other within this ratio form a style. */
const STYLE_RATIO = 0.12;
/** Letters whose foot or top legitimately leaves the cap band in many fonts. */
const DESCENDING_CAPITALS = /[QJÇДЦЩ]/u;

interface Measured {
  item: TextItem;
  box: { x0: number; y0: number; x1: number; y1: number };
  caps: boolean;
  m: WordMetrics;
  /** Baseline to the top of the tallest glyphs, for words with a capital, a digit or an ascender. */
  tall: number | null;
  /** Baseline to the top of the first glyph, for words that open with a capital or a digit. */
  cap: number | null;
}

/** Capitals and digits only: the band is the cap height; any lower-case letter: the x-height. */
const isCaps = (text: string) => !/\p{Ll}/u.test(text);
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").length;
const reachesCapHeight = (text: string) => /[\p{Lu}\p{N}bdfhklt]/u.test(text);

function measureAll(g: Grey, words: readonly TextItem[]): Map<TextItem, Measured> {
  const out = new Map<TextItem, Measured>();
  for (const item of words) {
    if (letters(item.text) < 2) continue;
    const box = wordBox(item, g);
    const profile = measureWord(g, box);
    if (!profile) continue;
    // Glyph by glyph, the feet give the baseline and (for capitals and digits) the tops the cap
    // height: a row profile is swayed by a short word's one busy row (the bar of a 7, a T).
    const all = glyphsOf(g, box, profile.paper, profile.contrast);
    const tallest = Math.max(0, ...all.map((x) => x.foot - x.top));
    const glyphs = all.filter((x) => x.foot - x.top >= tallest * 0.45);
    if (glyphs.length < 2) continue;
    const caps = isCaps(item.text);
    // Lower case keeps the row profile's band: its dense x-height rows outvote a descender, where
    // one q or j among three glyphs would move a median foot.
    const baseline = caps ? median(glyphs.map((x) => x.foot)) : profile.baseline;
    const band = caps ? baseline - median(glyphs.map((x) => x.top)) : profile.band;
    const m = { ...profile, baseline, band };
    // The tallest glyph's top: a capital, a digit or an ascender, not the x-height letters beside it.
    const top = Math.min(...glyphs.map((x) => x.top));
    const tall = reachesCapHeight(item.text) ? baseline - top : null;
    // The first glyph's body (an accent above it is a run of its own, glyph-alignment.ts).
    const cap = /^[\p{Lu}\p{N}]/u.test(item.text) ? baseline - (all[0] as { top: number }).top : null;
    out.set(item, { item, box, caps, m, tall, cap });
  }
  return out;
}

/** The words of the line set together with `word`: no column gap between them. */
function phraseOf(word: Measured, line: Measured[]): Measured[] {
  const i = line.indexOf(word);
  let a = i;
  let b = i;
  const gap = (l: Measured, r: Measured) => r.box.x0 - l.box.x1 > COLUMN_GAP * Math.max(l.m.band, r.m.band);
  while (a > 0 && !gap(line[a - 1] as Measured, line[a] as Measured)) a--;
  while (b < line.length - 1 && !gap(line[b] as Measured, line[b + 1] as Measured)) b++;
  return line.slice(a, b + 1);
}

type Deviation = { measure: TypeMeasure; value: number; peers: number };

/**
 * The words before `word` on its line too short to measure (a house number, an initial), each a
 * word space from the next: a block's lines start where they do ("7 Kerkstraat").
 */
function leadOf<S extends { item: TextItem; box: Measured["box"] }>(word: Measured, short: readonly S[]): S[] {
  const out: S[] = [];
  let x0 = word.box.x0;
  for (;;) {
    const before = short.find(
      (s) =>
        s.box.x1 <= x0 &&
        x0 - s.box.x1 <= COLUMN_GAP * word.m.band &&
        s.box.y1 > word.box.y0 &&
        s.box.y0 < word.box.y1 &&
        Math.abs(s.item.y + s.item.height - (word.item.y + word.item.height)) < word.item.height / 2,
    );
    if (!before) return out;
    out.unshift(before);
    x0 = before.box.x0;
  }
}

/** A word of letters only (a trailing stop or comma aside): no label run into its value, no figures. */
const PLAIN_WORD = /^\p{L}{4,}[.,;:]?$/u;

/**
 * The word's stems change weight between its left and right glyphs (stroke-weight.ts). Only on
 * plain words read with confidence: a script signature or a logo varies its stroke by design, and
 * OCR joins a bold label to its value only across a colon or a figure.
 */
function weightDeviation(g: Grey, word: Measured): Deviation | null {
  if (word.item.confidence < MIN_CONFIDENCE || !PLAIN_WORD.test(word.item.text)) return null;
  const split = weightSplit(g, word.box, word.m, /^\p{Lu}\p{Ll}/u.test(word.item.text));
  if (!split) return null;
  return { measure: "weight", value: split.value, peers: split.left + split.right };
}

/** Letters that reach the cap height or above in any face: capitals, digits, full ascenders. */
const FULL_HEIGHT = /[\p{Lu}\p{N}bdfhkl]/u;

/** Baseline against the word's phrase, cap height against the phrase's other capitals. */
function lineDeviations(word: Measured, line: Measured[]): Deviation[] {
  const out: Deviation[] = [];
  const phrase = phraseOf(word, line).filter((w) => w !== word);
  if (phrase.length >= 2) {
    const band = median(line.map((w) => w.m.band));
    const value = (word.m.baseline - median(phrase.map((w) => w.m.baseline))) / band;
    out.push({ measure: "baseline", value, peers: phrase.length });
  }
  // Heights only between words of capitals and digits, whose band is the cap height whatever the
  // letters: a lower-case word's band takes in its ascenders or not depending on how many it has.
  const capitals = word.caps ? phrase.filter((w) => w.caps) : [];
  if (capitals.length >= 2) {
    out.push({
      measure: "height",
      value: word.m.band / median(capitals.map((w) => w.m.band)) - 1,
      peers: capitals.length,
    });
  }
  // A word of mixed case against the phrase's others by its tallest glyphs: a capital and an
  // ascender (not a t's) reach about one height in any face, where a size set apart shows.
  const tall = (w: Measured) => !w.caps && w.tall !== null && FULL_HEIGHT.test(w.item.text);
  const talls = tall(word) ? phrase.filter(tall) : [];
  if (talls.length >= 2) {
    out.push({
      measure: "height",
      value: (word.tall as number) / median(talls.map((w) => w.tall as number)) - 1,
      peers: talls.length,
    });
  }
  return out;
}

/**
 * The first words of the lines above and below that start where this word starts (a form's value
 * column, an identity card's field stack): when at least two of them agree on a height, a word
 * that no word of its column comes near in height was set by another hand.
 */
function columnDeviation(word: Measured, all: Measured[], firstOfPhrase: Set<Measured>): Deviation | null {
  if (word.tall === null || !firstOfPhrase.has(word)) return null;
  const band = word.m.band;
  const column = all.filter(
    (w) =>
      w !== word &&
      w.tall !== null &&
      firstOfPhrase.has(w) &&
      Math.abs(w.box.x0 - word.box.x0) <= Math.max(2, COLUMN_ALIGN * Math.max(band, w.m.band)) &&
      Math.abs(w.m.baseline - word.m.baseline) <= COLUMN_REACH * Math.max(band, w.m.band) &&
      Math.abs(w.m.baseline - word.m.baseline) > band,
  );
  if (column.length < 2) return null;
  const talls = column.map((w) => w.tall as number);
  const near = talls.filter((t) => Math.abs((word.tall as number) / t - 1) <= TYPE_FLOOR.column);
  if (near.length) return { measure: "column", value: 0, peers: column.length };
  // The style the column agrees on: the largest group of peers within STYLE_RATIO of each other.
  let style: number[] = [];
  for (const t of talls) {
    const group = talls.filter((u) => Math.abs(u / t - 1) <= STYLE_RATIO);
    if (group.length > style.length) style = group;
  }
  // Only a word smaller than its column counts: a larger one is what titles and headings are, and
  // a forger who retypes a value fits it into the space the old one left.
  const value = (word.tall as number) / median(style) - 1;
  if (style.length < 2 || value > 0) return null;
  return { measure: "column", value, peers: style.length };
}

/** Characters whose glyph legitimately ends below the baseline in most fonts. */
const DESCENDERS = /[gjpqyQJ(),;[\]{}|/@§$çşţµ_рудцщДЦЩ]/gu;

/**
 * Glyphs of a word that leave the line its other glyphs keep. In a word of capitals and digits
 * every top and foot is on one line; in any word every foot is, but for the letters that descend.
 */
function alignmentDeviation(g: Grey, word: Measured, floor: number): Deviation | null {
  const text = word.item.text;
  const a = glyphAlignment(g, word.box, word.m, floor);
  if (!a) return null;
  if (/^[\p{Lu}\p{N}]{3,}$/u.test(text) && !DESCENDING_CAPITALS.test(text)) {
    // Capitals OCR was unsure of may be another script's (a Cyrillic Д descends) or no type at all.
    if (word.item.confidence < MIN_CONFIDENCE) return null;
    // One glyph off is as often a letter of the font's own (a round letter's overshoot, a tail):
    // two or more, on a word the rasteriser set on one line, is a cut or a join.
    return { measure: "alignment", value: a.offTop + a.offFoot >= 2 ? a.worst : 0, peers: a.glyphs };
  }
  // Feet off the line beyond the word's descenders (and a superscript ordinal's two letters): two
  // pieces of type joined at different baselines, a clone beside the remnant of what it covered.
  const descenders = text.match(DESCENDERS)?.length ?? 0;
  const joined = a.offFoot >= 3 && a.offFoot >= descenders + 3;
  return { measure: "alignment", value: joined ? a.worstFoot : 0, peers: a.glyphs };
}

/** Other words whose weight is measured beside the values, for the page's own spread in it. */
const WEIGHT_SAMPLE = 24;

/**
 * The words whose weight is measured: every value (the holder's data, where a finding counts) and an
 * even sample of the others, enough to know how much the page's words vary in weight. Measuring
 * every word of a 300-dpi page cost more than the rest of the typography analysis.
 */
function weighed(words: Measured[], isValue?: (item: TextItem) => boolean): Measured[] {
  if (!isValue) return words;
  const others = words.filter((w) => !isValue(w.item));
  const every = Math.max(1, Math.ceil(others.length / WEIGHT_SAMPLE));
  const sample = new Set(others.filter((_, i) => i % every === 0));
  return words.filter((w) => isValue(w.item) || sample.has(w));
}

/** A gap wider than this many line heights parts a line into columns. */
const LINE_COLUMN_GAP = 1.5;

/**
 * Each line of the page (every word read, sure or not: a word left out would move its line's
 * extent) against the axis of the centred lines around it (centred-lines.ts).
 */
function centreDeviations(g: Grey, words: readonly TextItem[]) {
  const lines = lineGroups(words.filter((w) => w.text.trim() !== ""));
  const boxes: LineBox[] = lines.map((line) => {
    const px = line.map((w) => ({
      x0: w.x * g.width,
      x1: (w.x + w.width) * g.width,
      y0: w.y * g.height,
      y1: (w.y + w.height) * g.height,
    }));
    const height = median(px.map((b) => b.y1 - b.y0));
    const y0 = Math.min(...px.map((b) => b.y0));
    const y1 = Math.max(...px.map((b) => b.y1));
    const single = px.every(
      (b, i) => i === 0 || b.x0 - (px[i - 1] as (typeof px)[number]).x1 <= LINE_COLUMN_GAP * height,
    );
    return {
      x0: Math.min(...px.map((b) => b.x0)),
      x1: Math.max(...px.map((b) => b.x1)),
      y: (y0 + y1) / 2,
      height,
      single,
    };
  });
  return centreOffsets(boxes).flatMap((d, i) => {
    if (!d) return [];
    const b = boxes[i] as LineBox;
    const box = {
      x0: Math.round(b.x0),
      y0: Math.round(b.y - b.height / 2),
      x1: Math.round(b.x1),
      y1: Math.round(b.y + b.height / 2),
    };
    const text = (lines[i] as TextItem[]).map((w) => w.text).join(" ");
    return [{ word: { box, item: { text } }, measure: "centre" as const, ...d }];
  });
}

/** Words whose setting departs from the words set with them beyond the page's own variation. */
export function analyseTypography(
  g: Grey,
  words: readonly TextItem[],
  options: {
    floor?: Record<TypeMeasure, number>;
    spreadFactor?: number;
    /** Which words are a field's value (the holder's data); without it no value is told from its caption. */
    isValue?: (item: TextItem) => boolean;
  } = {},
): TypographyResult {
  const floor = options.floor ?? TYPE_FLOOR;
  const factor = options.spreadFactor ?? SPREAD_FACTOR;
  const measured = measureAll(g, words);
  const sure = [...measured.keys()].filter((item) => item.confidence >= MIN_CONFIDENCE);
  const lines = lineGroups(sure).map((line) => line.map((item) => measured.get(item) as Measured));
  const firstOfPhrase = new Set<Measured>();
  const all: Array<{ word: Pick<Measured, "box"> & { item: Pick<TextItem, "text"> } } & Deviation> = [];
  for (const line of lines) {
    for (const word of line) {
      if (phraseOf(word, line)[0] === word) firstOfPhrase.add(word);
      if (line.length >= 3) for (const d of lineDeviations(word, line)) all.push({ word, ...d });
    }
  }
  const sureWords = sure.map((item) => measured.get(item) as Measured);
  const isValue = options.isValue;
  if (isValue) {
    // The body type: what most words on the page reach, capitals and ascenders alike.
    const talls = sureWords.flatMap((w) => (w.tall === null ? [] : [w.tall]));
    const body = talls.length >= MIN_SPREAD_SAMPLES ? median(talls) : 0;
    for (const line of lines) {
      for (const word of line) {
        // Its captions: words before it set apart from its phrase (a label across a column gap) or
        // ending as labels do; a heading's own small words ("University of …") are no caption of
        // it, nor is what stands to its right (another column's label: an addressee's name set
        // large beside an account box).
        const phrase = phraseOf(word, line);
        const candidates = line.filter(
          (w) => w.box.x1 <= word.box.x0 && (!phrase.includes(w) || /:$/.test(w.item.text)),
        );
        const size = valueSizeDeviation(word, candidates, body, isValue);
        if (size) all.push({ word, measure: "size", ...size });
      }
    }
    const unmeasured = words
      .filter((w) => w.confidence >= MIN_CONFIDENCE && !measured.has(w))
      .map((item) => ({ item, box: wordBox(item, g) }));
    const phrases = lines.flatMap((line) =>
      line
        .filter((w) => firstOfPhrase.has(w))
        // Its line starts with them: standing on the phrase's baseline, with no height of their own.
        .map((w) => [
          ...leadOf(w, unmeasured).map((s) => ({ ...s, caps: false, m: w.m, tall: null, cap: null })),
          ...phraseOf(w, line),
        ]),
    );
    for (const d of stackDeviations(phrases, isValue)) all.push({ measure: "stack", ...d });
  }
  for (const word of sureWords) {
    const column = columnDeviation(word, sureWords, firstOfPhrase);
    if (column) all.push({ word, ...column });
  }
  for (const word of measured.values()) {
    const aligned = alignmentDeviation(g, word, floor.alignment);
    if (aligned) all.push({ word, ...aligned });
  }
  for (const word of weighed([...measured.values()], isValue)) {
    const weight = weightDeviation(g, word);
    if (weight) all.push({ word, ...weight });
  }
  all.push(...centreDeviations(g, words));
  const spread = {} as Record<TypeMeasure, number>;
  const threshold = {} as Record<TypeMeasure, number>;
  for (const measure of Object.keys(TYPE_FLOOR) as TypeMeasure[]) {
    const values = all.filter((d) => d.measure === measure).map((d) => Math.abs(d.value));
    // With too few comparisons to know the page's own variation, the floor alone, raised by half.
    const known = values.length >= MIN_SPREAD_SAMPLES;
    // A value's excess over its caption is never below 0, and a page's figures commonly stand a
    // pixel over its capitals (4–5 % on every amount): that is where the page's values sit, not how
    // far they wander, so this measure's spread is taken around its median and added to it.
    const centre = known && measure === "size" ? median(values) : 0;
    spread[measure] = known ? median(values.map((v) => Math.abs(v - centre))) * 1.4826 : 0;
    const times = measure === "weight" && options.spreadFactor === undefined ? WEIGHT_SPREAD_FACTOR : factor;
    threshold[measure] = round(Math.max(floor[measure] * (known ? 1 : 1.5), centre + times * spread[measure]), 3);
  }
  const deviations = all
    .filter((d) => Math.abs(d.value) >= threshold[d.measure] && d.value !== 0)
    .map((d) => ({
      ...d.word.box,
      text: d.word.item.text,
      measure: d.measure,
      value: round(d.value, 3),
      pageSpread: round(spread[d.measure], 3),
      peers: d.peers,
    }))
    .sort((a, b) => Math.abs(b.value) / threshold[b.measure] - Math.abs(a.value) / threshold[a.measure]);
  return { wordsMeasured: measured.size, threshold, deviations };
}
