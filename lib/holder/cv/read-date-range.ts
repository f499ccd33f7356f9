// Reads the date range of one CV line: "2019 – 2023", "09/2019 - present", "Sept. 2019 – Jun 2021",
// "seit 2020", "2019-09 to 2021-06", "März 2018 bis heute", a single "2018". A start is the first
// day of its month (or year), an end the last day; a range still running has no end.
import { MONTH_BY_NAME, normalizeWord, PRESENT_WORDS, SINCE_WORDS } from "./cv-months";

export interface DateRange {
  start: string | null;
  end: string | null;
  /** "… – present", "seit …". */
  ongoing: boolean;
  /** Where the range sits in the line, so the rest of the line can be read as the entry's title. */
  index: number;
  length: number;
}

interface Point {
  year: number;
  month: number | null;
  index: number;
  length: number;
}

const YEAR = "((?:19|20)\\d{2})";
const MONTH_WORD = "([a-z]{3,10})\\.?";
// Longest forms first: a day-month-year must not be read as a month-year plus a stray number.
const POINT_PATTERNS: Array<{
  re: RegExp;
  read: (m: RegExpExecArray) => { year: number; month: number | null } | null;
}> = [
  {
    re: new RegExp(`(?<![\\d.])(\\d{1,2})[./](\\d{1,2})[./]${YEAR}(?!\\d)`, "g"),
    read: (m) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      const month = b <= 12 ? b : a <= 12 ? a : null;
      return month ? { year: Number(m[3]), month } : null;
    },
  },
  {
    re: new RegExp(`(?<![\\d.])${YEAR}[-/.](0?[1-9]|1[0-2])(?:[-/.]\\d{1,2})?(?![\\d])`, "g"),
    read: (m) => ({ year: Number(m[1]), month: Number(m[2]) }),
  },
  {
    re: new RegExp(`(?<![\\d.])(0?[1-9]|1[0-2])[./-]${YEAR}(?!\\d)`, "g"),
    read: (m) => ({ year: Number(m[2]), month: Number(m[1]) }),
  },
  {
    re: new RegExp(`(?<![a-z])${MONTH_WORD}\\s*(?:de\\s+)?[,']?\\s*${YEAR}(?!\\d)`, "g"),
    read: (m) => {
      const month = MONTH_BY_NAME.get(m[1]);
      return month ? { year: Number(m[2]), month } : null;
    },
  },
  { re: new RegExp(`(?<!\\d)${YEAR}(?!\\d)`, "g"), read: (m) => ({ year: Number(m[1]), month: null }) },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PRESENT = new RegExp(
  `^\\s*(?:${PRESENT_WORDS.sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|")})(?![a-z])`,
);
const SEPARATOR = /^\s*(?:-{1,2}|–|—|−|→|>|~|to|until|till|bis|a|à|au|jusqu'a|jusqu'à|hasta|al|fino al|ate|até|tot)\s*/;
const SINCE = new RegExp(`(?:^|[\\s(])(?:${SINCE_WORDS.map(escape).join("|")})\\s*$`);

function pointsOf(line: string): Point[] {
  const taken: boolean[] = new Array(line.length).fill(false);
  const points: Point[] = [];
  for (const { re, read } of POINT_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const span = Array.from({ length: m[0].length }, (_, i) => m!.index + i);
      if (span.some((i) => taken[i])) continue;
      const value = read(m);
      if (!value) continue;
      span.forEach((i) => (taken[i] = true));
      points.push({ ...value, index: m.index, length: m[0].length });
    }
  }
  return points.sort((a, b) => a.index - b.index);
}

const pad = (n: number) => String(n).padStart(2, "0");
const firstDay = (p: Point) => `${p.year}-${pad(p.month ?? 1)}-01`;
function lastDay(p: Point): string {
  const month = p.month ?? 12;
  const days = new Date(Date.UTC(p.year, month, 0)).getUTCDate();
  return `${p.year}-${pad(month)}-${pad(days)}`;
}

/** The first date range of the line, or null when it has no date. */
export function readDateRange(rawLine: string): DateRange | null {
  // Same length as the input, so indexes found in it hold for the original line.
  const line = normalizeWord(rawLine).replace(/[^\x00-\x7f–—−→’]/g, " ");
  if (line.length !== rawLine.length) return readDateRangeNormalized(normalizeWord(rawLine));
  return readDateRangeNormalized(line);
}

function readDateRangeNormalized(line: string): DateRange | null {
  const points = pointsOf(line);
  for (let i = 0; i < points.length; i++) {
    const from = points[i];
    const after = line.slice(from.index + from.length);
    const sep = SEPARATOR.exec(after);
    if (sep) {
      const rest = after.slice(sep[0].length);
      const to = points[i + 1];
      const restStart = from.index + from.length + sep[0].length;
      if (to && to.index === restStart && to.year >= from.year) {
        const [start, end] = [firstDay(from), lastDay(to)];
        if (end >= start)
          return { start, end, ongoing: false, index: from.index, length: to.index + to.length - from.index };
      }
      const present = PRESENT.exec(rest);
      if (present) {
        return {
          start: firstDay(from),
          end: null,
          ongoing: true,
          index: from.index,
          length: restStart + present[0].length - from.index,
        };
      }
    }
    const since = SINCE.exec(line.slice(0, from.index));
    if (since) {
      const index = since.index + (since[0].length - since[0].trimStart().length);
      return { start: firstDay(from), end: null, ongoing: true, index, length: from.index + from.length - index };
    }
  }
  // One date alone: when something was finished (a degree's year, a certificate's month).
  const only = points[0];
  if (!only) return null;
  return { start: null, end: lastDay(only), ongoing: false, index: only.index, length: only.length };
}
