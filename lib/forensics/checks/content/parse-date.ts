// Dates as printed on documents, in the common numeric and written forms. Numeric dates with both
// parts ≤ 12 are ambiguous (day/month order differs by country): every reading is returned.
import { MONTH_WORDS, monthOfPrinted } from "../../month-names";

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
    // 15 03 2024: day, month and a four-digit year set apart by single spaces (Spanish and
    // Portuguese identity cards, day first as everywhere that spaces them); two digits each, so
    // no run of table figures reads as one.
    re: /(?<![\d.,]|\d )(\d{2}) (\d{2}) (\d{4})(?![\d,]| \d|\.\d)/g,
    read: (m) => {
      const y = Number(m[3]);
      return y < 1900 || y > 2100 ? [] : [iso(y, Number(m[2]), Number(m[1]))];
    },
  },
  {
    // 15. 3. 2024: day and month each closed by a stop and a space (Croatian, Czech, Slovenian).
    re: /(?<![\d.,])(\d{1,2})\. (\d{1,2})\. ?(\d{4})(?!\d)/g,
    read: (m) => [iso(Number(m[3]), Number(m[2]), Number(m[1]))],
  },
  {
    // 15 March 2024, 15-MAR-24, 15. März 2024, 1st of May 2024, 12 JANV/JAN 90 (identity documents),
    // 15/Mar/2024, the 15th day of March, 2024, 1er mars 2024, 15 de marzo de 2024 (Spanish and
    // Portuguese join day, month and year with "de").
    re: new RegExp(
      String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th|er)?\.?(?:\s+day)?(?:\s+(?:of|de))?[\s/-]+${MONTH_WORDS}[\s,/-]+(?:de\s+)?(\d{4}|\d{2})(?!\d)`,
      "gu",
    ),
    read: (m) => {
      const month = monthOfPrinted(m[2] as string, m[3]);
      return month ? [iso(fullYear(m[4] as string), month, Number(m[1]))] : [];
    },
  },
  {
    // March 15, 2024 / Mar 15 2024
    re: new RegExp(String.raw`(?<!\p{L})${MONTH_WORDS}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`, "gu"),
    read: (m) => {
      const month = monthOfPrinted(m[1] as string, m[2]);
      return month ? [iso(Number(m[4]), month, Number(m[3]))] : [];
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
