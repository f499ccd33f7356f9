// A code's name held against a line OCR read unsurely, letter by letter. Names set in display type
// with wide letter-spacing, or large on a JPEG, come out of OCR in fragments with a speck or a
// wrong letter among them ("C h [eo ra Si Iva" for "Chiara Silva"): no word of it is the name's,
// yet its letters are nearly the name's letters in order, broken into more pieces than the name
// has words. Another person's name is not; nor is another whole word read where a name stood
// ("completed Kowalski" for "Mateo Kowalski"): OCR that reads a word whole reads its letters.
import { canonicalNumber } from "../mrz/compare-printed";

/** One wrong, missing or extra letter per this many letters of the name is what unsure OCR costs. */
const LETTERS_PER_ERROR = 5;
/** A shorter name has too few letters to tell a misreading from another name. */
const MIN_LETTERS = 6;

/** Letters and digits only, accents stripped and look-alikes (O/0, I/l/1, S/5…) made one. */
const letters = (s: string) => canonicalNumber(s.normalize("NFD").replace(/\p{M}/gu, ""));

/** The row's letters, and for each the index of the word (OCR fragment) it belongs to. */
function rowLetters(row: string): { text: string; word: number[] } {
  let text = "";
  const word: number[] = [];
  row.split(/\s+/).forEach((w, i) => {
    const l = letters(w);
    text += l;
    for (let k = 0; k < l.length; k++) word.push(i);
  });
  return { text, word };
}

/**
 * Stretches of `text` that `pattern` matches within `budget` edits (it may start and end anywhere),
 * as [start, end) letter positions.
 */
function matches(pattern: string, text: string, budget: number): Array<[number, number]> {
  // dist[j] and from[j]: the fewest edits aligning the pattern so far to a stretch ending at j, and where it starts.
  let dist = Array.from({ length: text.length + 1 }, () => 0);
  let from = Array.from({ length: text.length + 1 }, (_, j) => j);
  for (let i = 1; i <= pattern.length; i++) {
    const d = [i];
    const f = [0];
    for (let j = 1; j <= text.length; j++) {
      const same = pattern[i - 1] === text[j - 1] ? 0 : 1;
      const options: Array<[number, number]> = [
        [(dist[j - 1] as number) + same, from[j - 1] as number],
        [(dist[j] as number) + 1, from[j] as number],
        [(d[j - 1] as number) + 1, f[j - 1] as number],
      ];
      const best = options.reduce((a, b) => (b[0] < a[0] ? b : a));
      d.push(best[0]);
      f.push(best[1]);
    }
    dist = d;
    from = f;
  }
  return dist.flatMap((e, j) => (e <= budget ? [[from[j] as number, j] as [number, number]] : []));
}

/** The name's words in every order (a record may give "SURNAME Given"), three words at most permuted. */
function orders(words: string[]): string[][] {
  if (words.length > 3) return [words, [...words].reverse()];
  if (words.length <= 1) return [words];
  return words.flatMap((w, i) => orders([...words.slice(0, i), ...words.slice(i + 1)]).map((rest) => [w, ...rest]));
}

/** Whether `row` spells `name` in fragments, within what an unsure reading gets wrong. */
export function spelledInRow(name: string, row: string): boolean {
  const words = name.split(/[\s,]+/).filter((w) => letters(w).length > 0);
  const { text, word } = rowLetters(row);
  return orders(words).some((order) => {
    const pattern = letters(order.join(""));
    if (pattern.length < MIN_LETTERS) return false;
    const budget = Math.floor(pattern.length / LETTERS_PER_ERROR);
    return matches(pattern, text, budget).some(([start, end]) => {
      const pieces = new Set(word.slice(start, end)).size;
      return pieces > words.length;
    });
  });
}
