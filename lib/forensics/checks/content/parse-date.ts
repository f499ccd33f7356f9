// Dates as printed on documents, in the common numeric and written forms. Numeric dates with both
// parts ≤ 12 are ambiguous (day/month order differs by country): every reading is returned.

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  janv: 1,
  janvier: 1,
  januar: 1,
  ene: 1,
  enero: 1,
  feb: 2,
  february: 2,
  fev: 2,
  fevr: 2,
  fevrier: 2,
  februar: 2,
  febrero: 2,
  mar: 3,
  march: 3,
  mars: 3,
  marz: 3,
  maerz: 3,
  marzo: 3,
  apr: 4,
  april: 4,
  avr: 4,
  avril: 4,
  abr: 4,
  abril: 4,
  may: 5,
  mai: 5,
  mayo: 5,
  jun: 6,
  june: 6,
  juin: 6,
  juni: 6,
  junio: 6,
  jul: 7,
  july: 7,
  juil: 7,
  juillet: 7,
  juli: 7,
  julio: 7,
  aug: 8,
  august: 8,
  aou: 8,
  aout: 8,
  ago: 8,
  agosto: 8,
  sep: 9,
  sept: 9,
  september: 9,
  septembre: 9,
  septiembre: 9,
  oct: 10,
  october: 10,
  octobre: 10,
  okt: 10,
  oktober: 10,
  octubre: 10,
  nov: 11,
  november: 11,
  novembre: 11,
  noviembre: 11,
  dec: 12,
  december: 12,
  decembre: 12,
  dez: 12,
  dezember: 12,
  dic: 12,
  diciembre: 12,
};

export interface DateMatch {
  /** Every ISO reading of the printed date (two for an ambiguous dd/mm vs mm/dd). */
  isos: string[];
  raw: string;
  start: number;
  end: number;
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const fullYear = (y: string) => (y.length === 4 ? Number(y) : Number(y) + (Number(y) > 50 ? 1900 : 2000));
const monthOf = (name: string) => MONTHS[name.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/\.$/, "")];

const MONTH_NAME = String.raw`[A-Za-zÀ-ÿ]{3,9}\.?`;
const PATTERNS: Array<{ re: RegExp; read: (m: RegExpExecArray) => Array<string | null> }> = [
  {
    // 2024-03-15, 2024/03/15, 2024.03.15
    re: /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g,
    read: (m) => [iso(Number(m[1]), Number(m[2]), Number(m[3]))],
  },
  {
    // 15/03/2024, 03/15/2024, 15.03.24, 15-03-2024
    re: /(?<![\d.,])(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?![\d,]|\.\d)/g,
    read: (m) => {
      const a = Number(m[1]);
      const b = Number(m[2]);
      const y = fullYear(m[3] as string);
      return a === b ? [iso(y, a, b)] : [iso(y, b, a), iso(y, a, b)];
    },
  },
  {
    // 15 March 2024, 15-MAR-24, 15. März 2024, 1st of May 2024
    re: new RegExp(
      String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\.?(?:\s+of)?[\s-]+(${MONTH_NAME})[\s,-]+(\d{4}|\d{2})(?!\d)`,
      "g",
    ),
    read: (m) => {
      const month = monthOf(m[2] as string);
      return month ? [iso(fullYear(m[3] as string), month, Number(m[1]))] : [];
    },
  },
  {
    // March 15, 2024 / Mar 15 2024
    re: new RegExp(String.raw`(${MONTH_NAME})\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`, "g"),
    read: (m) => {
      const month = monthOf(m[1] as string);
      return month ? [iso(Number(m[3]), month, Number(m[2]))] : [];
    },
  },
];

/** Dates printed in `text`, each with its possible ISO readings. */
export function findDates(text: string): DateMatch[] {
  const out: DateMatch[] = [];
  for (const { re, read } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const isos = read(m as RegExpExecArray).filter((d): d is string => d !== null);
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (isos.length === 0 || out.some((d) => d.start < end && start < d.end)) continue;
      out.push({ isos: [...new Set(isos)], raw: m[0], start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The single reading of a date string, or null when unreadable or ambiguous. */
export function parseDate(text: string): string | null {
  const dates = findDates(text.trim());
  return dates.length === 1 && dates[0]?.isos.length === 1 ? (dates[0].isos[0] as string) : null;
}

export function daysBetween(fromIso: string, toIso: string): number {
  return (Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000;
}
