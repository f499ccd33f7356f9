// A value retyped in an editor is set at whatever size the forger picked to fill the space the old
// one left, usually a little larger than the issuer's type: its capitals stand taller than the
// caption printed beside it on its line and than the page's body type. An issuer sets a value
// apart on purpose too, but then it is a heading on a line of its own (a diploma's name), capitals
// beside small captions at the body's size (an identity card's fields), or as large as its label
// (a bold total): a value taller than both its caption and the body type has none of those reasons.
import type { TextItem } from "../../context";
import { median } from "./stats";

/** A caption within this share of the body type's height is set in it. */
const BODY_SIZE = 0.12;

export interface SizedWord {
  item: TextItem;
  /** Baseline to the top of its tallest glyphs (a capital, a digit or an ascender), or null. */
  tall: number | null;
}

/**
 * How much taller `word` (a field's value) stands than both its captions and the page's body type;
 * 0 when it is not taller than either, null when it has no caption to compare it with. Its captions
 * are those of `candidates` (the words of its line set apart from its phrase) that are no value and
 * are set in the body type.
 */
export function valueSizeDeviation(
  word: SizedWord,
  candidates: readonly SizedWord[],
  bodyTall: number,
  isValue: (item: TextItem) => boolean,
): { value: number; peers: number } | null {
  if (word.tall === null || !isValue(word.item) || !(bodyTall > 0)) return null;
  // Captions are set in the body type; a line of headings (a title beside the issuer's name) has none.
  const captions = candidates.filter(
    (w) => w !== word && w.tall !== null && !isValue(w.item) && Math.abs(w.tall / bodyTall - 1) <= BODY_SIZE,
  );
  if (!captions.length) return null;
  const overCaption = word.tall / median(captions.map((w) => w.tall as number)) - 1;
  const overBody = word.tall / bodyTall - 1;
  return { value: Math.max(0, Math.min(overCaption, overBody)), peers: captions.length };
}
