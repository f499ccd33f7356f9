// A printed name as comparable words: scripts transliterated, titles dropped, and each word with
// the spellings it legitimately takes on other documents (Müller, Mueller, Muller).
import { transliterate } from "./transliterate";

// prettier-ignore
const TITLES = new Set([
  "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "herr", "frau", "mme",
  "mlle", "sr", "sra", "srta", "dott", "ing", "mag", "phd", "msc", "bsc", "jr",
]);

/** Letters that some issuers write with two letters and others with one (ICAO 9303 allows both). */
// prettier-ignore
const EXPANSIONS: Array<[RegExp, string]> = [
  [/ä/g, "ae"], [/ö/g, "oe"], [/ü/g, "ue"], [/ß/g, "ss"], [/æ/g, "ae"], [/ø/g, "oe"], [/å/g, "aa"],
  [/œ/g, "oe"], [/þ/g, "th"],
];
// prettier-ignore
const SINGLE: Array<[RegExp, string]> = [
  [/ß/g, "ss"], [/æ/g, "ae"], [/ø/g, "o"], [/œ/g, "oe"], [/þ/g, "th"], [/ł/g, "l"], [/đ/g, "d"],
  [/ı/g, "i"], [/ð/g, "d"],
];

export interface NameWord {
  /** The word as the document prints it, lower-cased. */
  text: string;
  /** Its spellings in plain a–z. */
  spellings: Set<string>;
  /** A lone letter: an initial stands for any word starting with it. */
  initial: boolean;
}

export function nameWords(name: string): NameWord[] {
  const words = transliterate(name.replace(/</g, " "))
    .replace(/['’`ʼ]/g, "")
    .split(/[^\p{L}]+/u)
    .filter((w) => w && !TITLES.has(w));
  return words.map((text) => {
    const spellings = new Set([plain(text), plain(replaceAll(text, EXPANSIONS))]);
    return { text, spellings, initial: text.length === 1 };
  });
}

function replaceAll(text: string, table: Array<[RegExp, string]>): string {
  return table.reduce((out, [re, to]) => out.replace(re, to), text);
}

/** Without accents, a–z only. */
function plain(text: string): string {
  return replaceAll(text, SINGLE)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z]/g, "");
}
