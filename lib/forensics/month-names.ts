// Month names as documents print them, in the languages identity documents and credentials are
// issued in: full names and the abbreviations issuers use ("JANV", "MÄR", "MRT", "GIU"), with
// accents folded ("FÉVR" is "fevr"). A word two languages give different months (Polish and
// Croatian "lip", "listopad") is left out. Identity documents print a bilingual abbreviation,
// national then English ("12 JANV/JAN 90", "03 JUIN/JUN 2023"): both halves must name one month.

/** Each month's words, space-separated. */
const NAMES: string[] = [
  "jan january janv janvier januar januari ene enero gen gennaio janeiro sty stycznia sij sijecnja",
  "feb february fev fevr fevrier februar februari febrero febbraio fevereiro lut lutego velj veljace",
  "mar march mars marz maerz marzo maart mrt marco marca ozu ozujka",
  "apr april avr avril abr abril aprile kwi kwietnia tra travnja",
  "may mai mayo mag maggio mei maio maj maja svi svibnja",
  "jun june juin juni junio giu giugno junho cze czerwca lipnja",
  "jul july juil juillet juli julio lug luglio julho lipca srp srpnja",
  "aug august aou aout augustus ago agosto sie sierpnia kol kolovoza",
  "sep sept september septembre septiembre set settembre setembro wrz wrzesnia ruj rujna",
  "oct october octobre okt oktober octubre ott ottobre out outubro paz pazdziernika",
  "nov november novembre noviembre novembro stu studenoga",
  "dec december decembre dez dezember dic diciembre dicembre dezembro gru grudnia pro prosinca",
];

const MONTHS = new Map<string, number>(NAMES.flatMap((words, i) => words.split(" ").map((w) => [w, i + 1] as const)));

const fold = (s: string) =>
  s.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/\.$/, "");

/** A month word as printed, its number 1..12, or null when it names no month. */
export function monthOfName(name: string): number | null {
  return MONTHS.get(fold(name)) ?? null;
}

/**
 * A month as printed, alone or bilingual ("JUIN/JUN"): its number, or null when a half names no
 * month or the halves disagree.
 */
export function monthOfPrinted(first: string, second?: string): number | null {
  const a = monthOfName(first);
  if (a === null || second === undefined) return a;
  return monthOfName(second) === a ? a : null;
}

/** Regex source of a printed month word, optionally bilingual: captures the two halves. */
export const MONTH_WORDS = String.raw`(\p{L}{3,12})\.?(?:\s?/\s?(\p{L}{3,12})\.?)?`;
