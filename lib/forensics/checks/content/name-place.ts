// A word of the page's own print standing where the holder's name stands. A forger who clones a
// printed word over a name ("(EUR)" from a payslip's column header, a transcript's course code)
// leaves that word in the name's place, alone or run into what is left of the name
// ("DIS306ossi"). Where the page was printed and captured after the edit (a scan, a photo), no
// copied noise tells the clone, and the text still does: a name is no currency code, no course
// code, no date. The word must be one the page prints elsewhere, outside the holder's data, in
// full (five glyphs or more: a short word may begin a name by chance), and no name by its shape
// (a capital and letters): a surname that is also a word of the form ("Baker", "Mason") is a name.
//
// Where it fails: a name-shaped form word cloned over a name ("Pension"); a name whose place no
// caption or naming phrase gives (holder-words.ts); a copy OCR misread (then it matches nothing).
import type { DocumentContext, TextItem } from "../../context";
import { placeOf, unionRegion } from "../../region";
import type { Finding } from "../../types";
import { holderSlotWords } from "../pixel/holder-words";

/** Glyphs a form word needs: a coincidence of five glyphs and more at the start of a name is not one. */
const MIN_GLYPHS = 5;
/** Letters left of the name beside the copy, for a word run into it ("Overtimela"). */
const MIN_REST_LETTERS = 2;
/** OCR confidence of the form word's print elsewhere: the page's own reading of it. */
const MIN_CONFIDENCE = 60;

const NAME_SHAPED = /^[\p{Lu}][\p{L}'’-]*[,.]?$/u;
const squeeze = (text: string) => text.replace(/\s/g, "");
const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/** The form word `word` begins with, if it begins with one and is no name by its shape. */
function formWordAt(word: string, form: readonly string[]): string | null {
  for (const f of form) {
    if (!word.startsWith(f)) continue;
    const rest = word.slice(f.length);
    if (rest === "" || letters(rest) >= MIN_REST_LETTERS) return f;
  }
  return null;
}

/** The word printed next after `item` on its line, a word space or two away. */
function nextOnLine(item: TextItem, words: readonly TextItem[]): string | null {
  let best: TextItem | null = null;
  for (const w of words) {
    const gap = w.x - (item.x + item.width);
    if (Math.abs(w.y - item.y) >= item.height / 2 || gap < -item.height / 4 || gap > 2 * item.height) continue;
    if (w !== item && (!best || w.x < best.x)) best = w;
  }
  return best ? squeeze(best.text) : null;
}

export function namePlaceFindings(ctx: DocumentContext): Finding[] {
  const findings: Finding[] = [];
  for (const page of ctx.pages) {
    const slots = holderSlotWords(page.text);
    if (!slots.size) continue;
    const form = [
      ...new Set(
        page.text
          .filter((w) => !slots.has(w) && w.confidence >= MIN_CONFIDENCE)
          .map((w) => squeeze(w.text))
          .filter((t) => t.length >= MIN_GLYPHS && !NAME_SHAPED.test(t)),
      ),
    ].sort((a, b) => b.length - a.length);
    if (!form.length) continue;
    const hits: Array<{ item: TextItem; word: string }> = [];
    for (const item of slots) {
      const word = formWordAt(squeeze(item.text), form);
      if (!word) continue;
      // The holder's name printed again ("Dear d'Alembert Silva" under a caption's "d'Alembert
      // Silva") carries on with the same word: it is the name, not the form.
      const after = nextOnLine(item, page.text);
      const repeated = page.text.some(
        (w) => w !== item && squeeze(w.text) === word && after !== null && nextOnLine(w, page.text) === after,
      );
      if (!repeated) hits.push({ item, word });
    }
    if (!hits.length) continue;
    const region = unionRegion(hits.map(({ item: { x, y, width, height } }) => ({ x, y, width, height })));
    if (!region) continue;
    const read = hits.map((h) => h.item.text).join(" ");
    findings.push({
      check: "content.name_place",
      severity: "high",
      score: 0.75,
      message:
        `On page ${page.page} (${placeOf(region)}) the holder's name reads "${read}": ` +
        `${hits.map((h) => `"${h.word}"`).join(", ")} is printed elsewhere on the page as a word of the form, ` +
        "and no name is written so. A word of the page copied over the name leaves it there.",
      page: page.page,
      region,
      evidence: {
        read,
        form_words: hits.map((h) => h.word),
        reading_confidence: Math.min(...hits.map((h) => h.item.confidence)),
      },
    });
  }
  return findings;
}
