// Where a page prints its holder's data: the words read there that are a field's value (the
// holder's name, a number, a date, an amount). A forger changes those; the pre-printed form around
// them (the issuer's heading, captions, colour bands, guilloche) is the same on every document the
// issuer makes. A compression anomaly over the form alone is as often the issuer's own artwork or
// a saturated colour the codec treats apart as it is an edit, so it needs a field to count in full.
// The holder's name counts where it stands (holder-words.ts) even when the field reader did not
// read it as one: a retyped name is what it reads worst.
import type { DocumentContext, TextItem } from "../../context";
import { foldText } from "../../pipeline/doc-vocabulary";
import type { Region } from "../../types";
import { holderSlotWords } from "./holder-words";

/** Letters and digits only, folded: how a word is matched against the fields' values. */
const key = (text: string) => foldText(text).replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Tells whether a word read on the page is one of the document's field values (or holds a digit),
 * or stands where the holder's name stands among `words` (the page's words it belongs to).
 */
export function fieldWords(
  ctx: Pick<DocumentContext, "fields">,
  words: readonly TextItem[] = [],
): (word: TextItem) => boolean {
  const values = new Set<string>();
  for (const value of Object.values(ctx.fields)) {
    if (typeof value !== "string" && typeof value !== "number") continue;
    for (const token of String(value).split(/\s+/)) {
      const k = key(token);
      // One letter (a sex, an initial) also stands in any heading.
      if (k.length >= 2) values.add(k);
    }
  }
  // Whatever stands where a name begins, but a word of the sentence in lower case ("da je" of a
  // Croatian diploma's "potvrđuje da je"): a name begins with a capital, and OCR's misreading of one
  // ("[van") with a sign.
  const holder = new Set([...holderSlotWords(words)].filter((w) => !/^\p{Ll}+[,.]?$/u.test(w.text)));
  return (w) => /\d/.test(w.text) || values.has(key(w.text)) || holder.has(w);
}

/**
 * Boxes of the words on `page` that hold a field's value, or null when nothing was read on the
 * page (no text to tell the form from the fields: every region keeps its full weight).
 */
export function fieldRegions(ctx: Pick<DocumentContext, "fields">, words: TextItem[]): Region[] | null {
  if (!words.length) return null;
  const isField = fieldWords(ctx, words);
  return words.filter(isField).map((w) => ({ x: w.x, y: w.y, width: w.width, height: w.height }));
}

/** The holder's name as the field reader read it (a payslip's employee is its holder). */
export function holderNameOf(ctx: Pick<DocumentContext, "fields">): string {
  return [ctx.fields.holder_name, ctx.fields.employee].filter((v) => typeof v === "string").join(" ");
}
