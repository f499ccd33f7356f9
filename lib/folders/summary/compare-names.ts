// Whether two documents name the same person. Issuers print names in different orders
// ("ERIKSSON, Anna Maria"), with initials ("A. M. Eriksson"), without middle names, in another
// script or with or without accents; none of that is a conflict. Different words are.
import { nameWords, type NameWord } from "./name-tokens";

export type NameMatch =
  /** The same words, in any order and spelling. */
  | { kind: "same" }
  /** Compatible: one gives fewer names, initials, or joins two words; a reviewer may glance at it. */
  | { kind: "variant"; reason: string }
  | { kind: "different" };

export function compareNames(a: string, b: string): NameMatch {
  const wa = nameWords(a);
  const wb = nameWords(b);
  if (wa.length === 0 || wb.length === 0) return { kind: "different" };
  if (joined(wa).some((s) => joined(wb).includes(s)) && wa.length !== wb.length) {
    return { kind: "variant", reason: "the same letters, split into words differently" };
  }
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  const pairing = pairWords(short, long);
  if (!pairing) return { kind: "different" };
  // At least one written-out word must match: "A. B." alone identifies nobody.
  if (!pairing.some(([s, l]) => !s.initial && !l.initial)) return { kind: "different" };
  const initials = pairing.some(([s, l]) => s.initial !== l.initial);
  if (short.length === long.length && !initials) return { kind: "same" };
  const reasons = [
    ...(short.length < long.length ? ["one document gives fewer names"] : []),
    ...(initials ? ["initials stand for names"] : []),
  ];
  return { kind: "variant", reason: reasons.join("; ") };
}

/** Each word of `short` matched to a distinct word of `long`, or null when one cannot be. */
function pairWords(short: NameWord[], long: NameWord[]): Array<[NameWord, NameWord]> | null {
  const used = new Set<number>();
  const pairs: Array<[NameWord, NameWord]> = [];
  // Whole words first, so an initial does not take the word a full name needs.
  const order = [...short].sort((x, y) => Number(x.initial) - Number(y.initial));
  for (const word of order) {
    const index = long.findIndex((other, i) => !used.has(i) && wordsMatch(word, other));
    if (index < 0) return null;
    used.add(index);
    pairs.push([word, long[index]]);
  }
  return pairs;
}

function wordsMatch(a: NameWord, b: NameWord): boolean {
  if (a.initial || b.initial) {
    const first = (w: NameWord) => [...w.spellings].map((s) => s[0]);
    return first(a).some((c) => first(b).includes(c));
  }
  return [...a.spellings].some((s) => b.spellings.has(s));
}

function joined(words: NameWord[]): string[] {
  const plain = words.map((w) => [...w.spellings][0]);
  return [plain.join(""), [...plain].sort().join("")];
}
