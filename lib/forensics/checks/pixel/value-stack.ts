// A block of values stacked a line's pitch apart at one left edge (an addressee's name over street
// and town, the lines of an account box) is set in one size: a word processor or a template sets a
// block's lines alike, and a postal address is printed in one type for the envelope's window. A
// forger who retypes the name sets it at whatever size fills the old one's box, usually a little
// larger than the issuer's type, and it keeps the old line's place in the block. The departure is
// measured against the block's other lines, which must agree with each other; a heading over a
// block is no value (the issuer's name, a title), and a field stack that alternates small
// captions with larger values (an identity card) stacks no two values a line apart.
import type { TextItem } from "../../context";
import { median } from "./stats";

export interface StackWord {
  item: TextItem;
  box: { x0: number; y0: number; x1: number; y1: number };
  m: { baseline: number; band: number };
  /**
   * Baseline to the top of its first glyph when that is a capital or a digit, or null: one height
   * in any font, where an ascender stands up to a tenth above a capital (Carlito).
   */
  cap: number | null;
}

/**
 * Next line of a block: its baseline within this many capital heights of the smaller line (a
 * line's pitch is ~1.7 of them; a paragraph's spacing adds ~1).
 */
const STACK_PITCH = 2.1;
/** Left edges of a block's lines agree within this share of the taller line's band. */
const STACK_ALIGN = 0.3;
/** The block's other lines agree on their height within this ratio: one style. */
const STACK_STYLE = 0.1;
/** Other lines a block needs before its size is known. */
const MIN_STACKED = 2;

/** A line's height: the median capital height of its words. */
function tallOf(phrase: readonly StackWord[]): number | null {
  const caps = phrase.flatMap((w) => (w.cap === null ? [] : [w.cap]));
  return caps.length ? median(caps) : null;
}

/**
 * The phrases stacked with `phrase` (`phrases` holds every phrase of the page, each a run of words
 * of one line set together): lines of data starting at its left edge, each a line's pitch from
 * the last, above and below.
 */
function stackOf(
  phrase: readonly StackWord[],
  phrases: readonly (readonly StackWord[])[],
  valueLine: (p: readonly StackWord[]) => boolean,
): (readonly StackWord[])[] {
  const first = phrase[0] as StackWord;
  const aligned = phrases.filter(
    (p) =>
      p !== phrase &&
      Math.abs((p[0] as StackWord).box.x0 - first.box.x0) <=
        Math.max(2, STACK_ALIGN * Math.max(first.m.band, (p[0] as StackWord).m.band)),
  );
  const out: (readonly StackWord[])[] = [];
  for (const direction of [1, -1]) {
    let last = phrase;
    for (;;) {
      const from = (last[0] as StackWord).m.baseline;
      const candidates = aligned.filter((p) => direction * ((p[0] as StackWord).m.baseline - from) > 0);
      const next = candidates.sort(
        (a, b) => direction * ((a[0] as StackWord).m.baseline - (b[0] as StackWord).m.baseline),
      )[0];
      // A line's pitch by the smaller of the two lines: a heading over the block stands farther off.
      const tall = next && Math.min(tallOf(next) ?? 0, tallOf(last) ?? Number.POSITIVE_INFINITY);
      if (!next || !tall || Math.abs((next[0] as StackWord).m.baseline - from) > STACK_PITCH * tall) break;
      // The block ends where the data ends: a line of the form's wording under an address.
      if (!valueLine(next)) break;
      out.push(next);
      last = next;
    }
  }
  return out;
}

/**
 * Each word of a value line standing taller than the other value lines of its block: the word's
 * capital height over the block's, minus one (only departures upward: a smaller value is the column
 * measure's), with the lines it was compared with.
 */
export function stackDeviations<W extends StackWord>(
  phrases: readonly (readonly W[])[],
  isValue: (item: TextItem) => boolean,
): Array<{ word: W; value: number; peers: number }> {
  const valueLine = (p: readonly StackWord[]) => p.some((w) => isValue(w.item));
  const out: Array<{ word: W; value: number; peers: number }> = [];
  for (const phrase of phrases) {
    if (!phrase.every((w) => isValue(w.item))) continue;
    const stacked = stackOf(phrase, phrases, valueLine);
    if (stacked.length < MIN_STACKED) continue;
    const talls = stacked.map((p) => tallOf(p) as number);
    const block = median(talls);
    if (!talls.every((t) => Math.abs(t / block - 1) <= STACK_STYLE)) continue;
    for (const word of phrase) {
      if (word.cap === null) continue;
      out.push({ word, value: Math.max(0, word.cap / block - 1), peers: stacked.length });
    }
  }
  return out;
}
