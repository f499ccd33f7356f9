// The words of a page that print the holder's name, found by where a name stands rather than by
// what the field reader made of it. A forger retypes the name, and the retype is exactly what the
// field reader reads worst: a name typed over the start of the next words ("Pieter Horvatdate of
// birth") or a name in an addressee block that no caption introduces is no field value, and a
// departure found on it would be weighed as the issuer's pre-printed form. Three places name the
// holder on any issuer's page: the words after a sentence's naming phrase ("certify that",
// "awarded to"), the words after a name caption ("Employee:"), and the first line of an addressee
// block (a name over lines of street and town, which hold figures).
import type { TextItem } from "../../context";
import { foldText } from "../../pipeline/doc-vocabulary";
import { EMPLOYED_AFTER_NAME, NAMING_PHRASES as NAMING_WORDS, isLetterClosing } from "../../pipeline/holder-vocabulary";
import { lineGroups } from "../../pipeline/reading-order";

/**
 * A capitalised word of letters (a name, in capitals or not), with a closing comma or stop. OCR
 * reads a speck of ink before a capital (a sliver left above a pasted name) as an opening quote.
 */
const NAME_WORD = /^[‘'`]?[\p{Lu}][\p{L}'’-]*[,.]?$/u;
/** Words of courtesy that open a name without being one. */
const COURTESY = /^(?:mr|mrs|ms|miss|dr|prof|m|mme|herr|frau|sr|sra|sig|sig\.ra)\.?$/i;
const MAX_NAME_WORDS = 5;

/** Naming phrases, word by word (folded: lower case, no accents). */
const NAMING_PHRASES = NAMING_WORDS.map((p) => p.split(" "));
const AFTER_EMPLOYEE = EMPLOYED_AFTER_NAME.map((p) => p.split(" "));
/** Capitalised words that open a sentence without being a name. */
const SENTENCE_OPENERS = new Set([
  "the",
  "this",
  "that",
  "our",
  "we",
  "he",
  "she",
  "it",
  "they",
  "who",
  "your",
  "his",
  "her",
  "their",
  "my",
]);

/** Captions whose value is a person's name. */
const NAME_CAPTIONS = new Set([
  "name",
  "full name",
  "holder",
  "student",
  "student name",
  "employee",
  "employee name",
  "candidate",
  "recipient",
  "customer",
  "customer name",
  "account holder",
  "account name",
  "beneficiary",
  "payee",
  "nom",
  "nombre",
  "nome",
]);

/** Whether a word is a caption a name is printed after ("Name", "Employee:"). */
export const isNameCaption = (text: string) =>
  NAME_CAPTIONS.has(
    text
      .toLowerCase()
      .replace(/[^\p{L} ]/gu, "")
      .trim(),
  );

/** Letters, then a capitalised name of three letters or more run into them without a space. */
const RUN_INTO_NAME = /^\S*\p{Ll}\p{Lu}\p{Ll}{2,}[,.]?$/u;

/** How far (in the line's heights) an addressee block's next line may start below its previous one. */
const BLOCK_PITCH = 2.2;
/** Left edges of one block's lines agree within this share of the page's width. */
const BLOCK_ALIGN = 0.012;
/** One block's lines are set in one size: a heading over it is larger than this. */
const BLOCK_SIZE = 1.5;

const fold = (w: TextItem) =>
  foldText(w.text)
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toLowerCase();
const isNameWord = (w: TextItem) => NAME_WORD.test(w.text) && w.text.replace(/[^\p{L}]/gu, "").length >= 2;
/**
 * A word whose reading is a name by its shape: a capital, then letters only, three or more. What
 * OCR makes of a QR code's modules or a logo ("[E", "ie", "Rr]") is not; a name OCR read below
 * its usual confidence (a pasted name, resampled) still is.
 */
export const readsAsName = (w: TextItem) =>
  isNameWord(w) && w.text.replace(/[^\p{L}]/gu, "").length >= 3 && !/[\p{N}]/u.test(w.text);
/**
 * Signs OCR reads for letters of a face it was not trained on (a retyped name): @ for a, ® and ©
 * for e, o or c, | and ! for l or i, $ and § for s, € for e, £ for f or E, ° for o.
 */
const LOOKALIKE = /[@®©|!$§€£¢°]/u;
/**
 * A capitalised word of letters with some of them read as look-alike signs ("Dub@i®" for
 * "Dubois"): no figure, and letters at least half of it.
 */
function isMisreadNameWord(w: TextItem): boolean {
  const body = w.text.replace(/[,.]$/, "");
  const letters = body.replace(/[^\p{L}]/gu, "").length;
  return (
    /^\p{Lu}/u.test(body) &&
    LOOKALIKE.test(body) &&
    !/[\p{N}\s]/u.test(body) &&
    letters >= 2 &&
    letters * 2 >= body.length &&
    [...body].every((c) => /\p{L}|['’-]/u.test(c) || LOOKALIKE.test(c))
  );
}
const closes = (w: TextItem) => /[,.]$/.test(w.text) && !COURTESY.test(w.text);

/**
 * The name that starts at `line[from]`: capitalised words up to a comma, a lower-case word or a
 * figure. With `slot`, its first word may be anything: what stands where the name begins. With
 * `placed` (a caption or a naming phrase says a name stands here), a word after its first may be
 * one OCR misread into signs: a retyped surname is what it reads worst, and the place vouches for
 * it where the word alone would not (an addressee block's lines are found by their words).
 */
function nameRun(line: TextItem[], from: number, slot: boolean, placed = false): TextItem[] {
  const run: TextItem[] = [];
  for (let i = from; i < line.length && run.length < MAX_NAME_WORDS; i++) {
    const w = line[i] as TextItem;
    if (COURTESY.test(w.text)) continue;
    const misread = placed && run.length > 0 && isMisreadNameWord(w);
    if (!isNameWord(w) && !misread && !(slot && run.length === 0)) break;
    run.push(w);
    if (closes(w)) break;
  }
  return run;
}

/** Whether what follows an employee's name starts at `line[i]` ("has been employed"). */
function startsAfterEmployee(line: TextItem[], i: number): boolean {
  return AFTER_EMPLOYEE.some((phrase) =>
    phrase.every((p, k) => line[i + k] !== undefined && fold(line[i + k] as TextItem) === p),
  );
}

/**
 * The name that ends at `line[end]`, opening its phrase: capitalised words back to the phrase's
 * start ("Hannah Silva has been employed"), a courtesy before them left out. With `slot`, the
 * phrase's first word may be anything: what stands where the name begins.
 */
function nameBefore(line: TextItem[], end: number, slot: boolean): TextItem[] {
  let from = end;
  while (from > 0 && (isNameWord(line[from] as TextItem) || isMisreadNameWord(line[from] as TextItem))) from--;
  const first = line[from] as TextItem;
  // "The Company has been working with ...", "She has worked": a sentence's own opening words.
  if (line.slice(from, end + 1).some((w) => SENTENCE_OPENERS.has(fold(w)))) return [];
  const opens = isNameWord(first) || isMisreadNameWord(first) || COURTESY.test(first.text) || slot;
  // Only a name that opens its phrase: "employed by Halvorsen Logistics, Jonas Silva has" is no opening.
  if (from !== 0 || !opens) return [];
  const run = line.slice(COURTESY.test(first.text) ? 1 : 0, end + 1);
  return run.length >= 1 && run.length <= MAX_NAME_WORDS ? run : [];
}

/** Whether a naming phrase ends at `line[i]`. */
function endsNamingPhrase(line: TextItem[], i: number): boolean {
  return NAMING_PHRASES.some(
    (phrase) =>
      i + 1 >= phrase.length && phrase.every((p, k) => fold(line[i + 1 - phrase.length + k] as TextItem) === p),
  );
}

/**
 * Whether `phrase[i]` ends a name caption: "Name:", "Account holder:", or without its colon a
 * caption that is its whole column, the value standing in the next ("Student    Zofia Jansen").
 */
function endsCaption(phrase: TextItem[], i: number, valueBeside: boolean): boolean {
  const one = fold(phrase[i] as TextItem);
  const two = i > 0 ? `${fold(phrase[i - 1] as TextItem)} ${one}` : "";
  if (/:$/.test((phrase[i] as TextItem).text)) return NAME_CAPTIONS.has(one) || NAME_CAPTIONS.has(two);
  // Without its colon, only as the whole of its column, with a column beside it.
  if (!valueBeside || i !== phrase.length - 1) return false;
  return i === 0 ? NAME_CAPTIONS.has(one) : i === 1 && NAME_CAPTIONS.has(two);
}

const top = (line: TextItem[]) => Math.min(...line.map((w) => w.y));
const bottom = (line: TextItem[]) => Math.max(...line.map((w) => w.y + w.height));
const height = (line: TextItem[]) => Math.max(...line.map((w) => w.height));

/**
 * A line's size without its descenders: its shortest word of two letters or figures or more. A
 * name's box takes in the tail of its g, p, q or y and a street's line of capitals and figures has
 * none, so their tallest boxes part a genuine block by 1.4 and a name retyped a little larger
 * (OCR box "Lindqvist" 1.7 times "161 Via Roma") out of its block.
 */
const bodySize = (line: TextItem[]) => {
  const sized = line.filter((w) => w.text.replace(/[^\p{L}\p{N}]/gu, "").length >= 2);
  return Math.min(...(sized.length ? sized : line).map((w) => w.height));
};

/** A gap wider than this many word heights parts two columns of a line (a name block, an account box). */
const COLUMN_GAP = 3;

/** A line cut into its columns. */
function phrasesOf(line: TextItem[]): TextItem[][] {
  const out: TextItem[][] = [];
  for (const w of line) {
    const last = out.at(-1);
    const prev = last?.at(-1);
    if (last && prev && w.x - (prev.x + prev.width) <= COLUMN_GAP * Math.max(w.height, prev.height)) last.push(w);
    else out.push([w]);
  }
  return out;
}

/**
 * The first line of an addressee block: a column of a line that is a name and nothing else, over
 * one to three lines of about its size starting at the same left edge, a line's pitch apart, one
 * of which holds a figure (a house number, a postcode).
 */
function addresseeNames(lines: TextItem[][][], i: number, slot: boolean): TextItem[] {
  const out: TextItem[] = [];
  for (const phrase of lines[i] as TextItem[][]) {
    const first = phrase[0] as TextItem;
    // One word that reads as two run together, the second a name ("chargeGarcia": a word cloned
    // over the given name, read as one with the surname beside it), stands where a name of two does.
    const runTogether = slot && phrase.length === 1 && RUN_INTO_NAME.test(first.text);
    if (!runTogether && (phrase.length < 2 || phrase.length > 4 || nameRun(phrase, 0, slot).length !== phrase.length))
      continue;
    // "Yours Sincerely," over a signatory's name and telephone stands like an addressee's name.
    if (isLetterClosing(phrase.map((w) => w.text).join(" "))) continue;
    let previous = phrase;
    let figure = false;
    for (let k = i + 1; k < Math.min(lines.length, i + 4); k++) {
      const next = (lines[k] as TextItem[][]).find((p) => Math.abs((p[0] as TextItem).x - first.x) <= BLOCK_ALIGN);
      if (!next || top(next) - bottom(previous) > BLOCK_PITCH * height(previous)) break;
      // One word's box is no measure of its size: a descender ("charge") makes it half as tall again.
      const ratio = bodySize(phrase) / bodySize(next);
      if (!runTogether && (ratio > BLOCK_SIZE || ratio < 1 / BLOCK_SIZE)) break;
      figure ||= next.some((w) => /\d/.test(w.text));
      previous = next;
    }
    if (figure) out.push(...phrase);
  }
  return out;
}

/** The words of `words` (one page) that stand where the holder's name stands. */
export function holderWords(words: readonly TextItem[]): Set<TextItem> {
  return wordsInNamePlaces(words, false);
}

/**
 * The same places, taking whatever stands first in each: a word of the form cloned over the start
 * of a name ("(EUR)Rossi", "Overtimela") is no name word, yet stands there.
 */
export function holderSlotWords(words: readonly TextItem[]): Set<TextItem> {
  return wordsInNamePlaces(words, true);
}

function wordsInNamePlaces(words: readonly TextItem[], slot: boolean): Set<TextItem> {
  const lines = lineGroups(words).map(phrasesOf);
  const out = new Set<TextItem>();
  lines.forEach((line, li) => {
    for (const w of addresseeNames(lines, li, slot)) out.add(w);
    line.forEach((phrase, pi) => {
      for (let i = 1; i < phrase.length; i++) {
        if (startsAfterEmployee(phrase, i)) for (const w of nameBefore(phrase, i - 1, slot)) out.add(w);
      }
      for (let i = 0; i < phrase.length; i++) {
        const caption = endsCaption(phrase, i, line[pi + 1] !== undefined);
        if (!caption && !endsNamingPhrase(phrase, i)) continue;
        // The name follows in the phrase; after a caption closing its phrase, in the next column;
        // after a phrase closing its line, at the start of the next line.
        const nextLine = lines[li + 1]?.[0];
        const run =
          i + 1 < phrase.length
            ? nameRun(phrase, i + 1, slot, true)
            : caption && line[pi + 1]
              ? nameRun(line[pi + 1] as TextItem[], 0, slot, true)
              : nextLine && top(nextLine) - bottom(phrase) <= BLOCK_PITCH * height(phrase)
                ? nameRun(nextLine, 0, slot, true)
                : [];
        for (const w of run) out.add(w);
      }
    });
  });
  return out;
}
