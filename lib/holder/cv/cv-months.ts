// Month names and abbreviations of the languages CVs arrive in (en, fr, de, es, it, pt, nl), without
// accents and lower case, as normalizeWord leaves them.
const MONTHS: Record<number, string[]> = {
  1: [
    "jan",
    "january",
    "janv",
    "janvier",
    "januar",
    "ene",
    "enero",
    "gen",
    "gennaio",
    "janeiro",
    "januari",
    "jän",
    "janner",
    "jaenner",
  ],
  2: ["feb", "february", "fevr", "fev", "fevrier", "februar", "febrero", "febbraio", "fevereiro", "februari"],
  3: ["mar", "march", "mars", "marz", "maerz", "mrz", "marzo", "marco", "mrt", "maart"],
  4: ["apr", "april", "avr", "avril", "abr", "abril", "aprile"],
  5: ["may", "mai", "mayo", "mag", "maggio", "maio", "mei"],
  6: ["jun", "june", "juin", "juni", "junio", "giu", "giugno", "junho"],
  7: ["jul", "july", "juil", "juillet", "juli", "julio", "lug", "luglio", "julho"],
  8: ["aug", "august", "aout", "ago", "agosto", "augustus"],
  9: ["sep", "sept", "september", "septembre", "septiembre", "setiembre", "set", "settembre", "setembro"],
  10: ["oct", "october", "octobre", "okt", "oktober", "octubre", "ott", "ottobre", "out", "outubro"],
  11: ["nov", "november", "novembre", "noviembre", "novembro"],
  12: ["dec", "december", "decembre", "dez", "dezember", "dic", "diciembre", "dicembre", "dezembro"],
};

export const MONTH_BY_NAME: ReadonlyMap<string, number> = new Map(
  Object.entries(MONTHS).flatMap(([month, names]) => names.map((name) => [name, Number(month)] as const)),
);

/** Lower case, accents removed: "Févr." → "fevr.", "März" → "marz". */
export function normalizeWord(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Words that end a range that is still running. */
export const PRESENT_WORDS = [
  "present",
  "current",
  "currently",
  "now",
  "today",
  "ongoing",
  "aujourd'hui",
  "aujourd’hui",
  "ce jour",
  "actuel",
  "heute",
  "jetzt",
  "dato",
  "laufend",
  "actualidad",
  "la actualidad",
  "actual",
  "presente",
  "oggi",
  "in corso",
  "atual",
  "atualmente",
  "o momento",
  "heden",
  "nu",
];

/** Words that open a range that is still running: "seit 2020", "since March 2021". */
export const SINCE_WORDS = ["since", "seit", "depuis", "des", "desde", "dal", "dall'", "da", "sinds", "vanaf"];
