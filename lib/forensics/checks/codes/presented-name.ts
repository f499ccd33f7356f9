// The holder's name as a certificate presents it: the line after "This is to certify that",
// "awarded to", "presented to". The read stage gives up on that line when OCR leaves a speck in it
// ("Emily[J] Hartley"); a code's name can still be held against the words it clearly read.
import type { DocumentContext } from "../../context";
import { AFTER_NAME, isLetterClosing, namingPhraseIn } from "../../pipeline/holder-vocabulary";
import { type TextRow, rowsOfDocument } from "../content/text-rows";

/** An OCR'd row read less surely than this is not trusted to say which name is printed. */
export const SURE_OCR = 80;

/** Capitalised words, initials allowed; OCR specks (brackets, bars) between them dropped. */
function nameWords(text: string): string[] | null {
  const words = text
    .replace(/[[\](){}|_*#=~<>]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length < 2 || words.length > 6 || isLetterClosing(text)) return null;
  if (!words.every((w) => /^[\p{Lu}][\p{L}'’.\-]*$/u.test(w))) return null;
  // At least two real words: a row of initials or one word is not a whole name.
  return words.filter((w) => w.replace(/[^\p{L}]/gu, "").length >= 2).length >= 2 ? words : null;
}

/**
 * The line after row `i`: the next row and those overlapping it on the page (a name set in
 * display size forms a line of its own, apart from the body's rows, and a speck beside it one of
 * those). A speck (no two letters together) does not make the line unsure.
 */
function nextLine(rows: readonly TextRow[], i: number): { text: string; sure: boolean } | null {
  const first = rows[i + 1];
  if (!first) return null;
  let bottom = first.region.y + first.region.height;
  const line = [first];
  for (const row of rows.slice(i + 2)) {
    if (row.page !== first.page || row.region.y > bottom) break;
    line.push(row);
    bottom = Math.max(bottom, row.region.y + row.region.height);
  }
  line.sort((a, b) => a.region.x - b.region.x);
  return {
    text: line.map((r) => r.text).join(" "),
    sure: line.every((r) => !r.ocr || r.meanConfidence >= SURE_OCR || !/\p{L}{2}/u.test(r.text)),
  };
}

/** The presented holder name, when a presenting phrase introduces a surely read name. */
export function presentedName(ctx: DocumentContext): string | null {
  const rows = rowsOfDocument(ctx.pages);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const phrase = namingPhraseIn(row.text);
    if (!phrase) continue;
    const rest = row.text.slice(phrase.end).replace(AFTER_NAME, "").trim();
    const candidate = rest ? { text: rest, sure: !row.ocr || row.meanConfidence >= SURE_OCR } : nextLine(rows, i);
    const words = candidate?.sure ? nameWords(candidate.text.replace(AFTER_NAME, "").trim()) : null;
    if (words) return words.join(" ");
  }
  return null;
}
