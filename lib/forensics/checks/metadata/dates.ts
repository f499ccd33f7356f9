// Parses the date formats metadata uses (PDF "D:YYYYMMDDHHmmSS+HH'mm'", XMP/ISO 8601, EXIF
// "YYYY:MM:DD HH:MM:SS") into instants, keeping track of whether a time zone was given, and
// compares them with the slack that missing zones require.

export interface ParsedDate {
  raw: string;
  /** Milliseconds since the epoch (UTC when a zone was given, else the wall time read as UTC). */
  time: number | null;
  hasZone: boolean;
  /** Why the value is not a real date (month 13, day 32...), when it is not. */
  problem: string | null;
}

const PDF_DATE = /^D?:?\s*(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(Z|[+-]\s*\d{1,2}(?:'?\s*\d{2}'?)?)?/;
const ISO_DATE =
  /^(\d{4})(?:[-:](\d{2}))?(?:[-:](\d{2}))?(?:[T\s](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?/;

export function parsePdfDate(raw: string | undefined): ParsedDate | null {
  if (!raw) return null;
  const m = PDF_DATE.exec(raw.trim());
  if (!m) return { raw, time: null, hasZone: false, problem: "not a PDF date" };
  return build(raw, m.slice(1, 7), m[7]);
}

export function parseIsoDate(raw: string | undefined): ParsedDate | null {
  if (!raw) return null;
  const m = ISO_DATE.exec(raw.trim());
  if (!m) return { raw, time: null, hasZone: false, problem: "not a date" };
  return build(raw, m.slice(1, 7), m[7]);
}

function build(raw: string, parts: Array<string | undefined>, zone: string | undefined): ParsedDate {
  const [year, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts.map((p, i) =>
    p === undefined ? [0, 1, 1, 0, 0, 0][i] : Number(p),
  );
  if (year === 0 && month === 0 && day === 0)
    return { raw, time: null, hasZone: false, problem: "all zeros (date never set)" };
  const limits: Array<[number, number, number, string]> = [
    [month, 1, 12, "month"],
    [day, 1, 31, "day"],
    [hour, 0, 23, "hour"],
    [minute, 0, 59, "minute"],
    [second, 0, 60, "second"],
  ];
  for (const [value, lo, hi, name] of limits) {
    if (value < lo || value > hi)
      return { raw, time: null, hasZone: false, problem: `${name} ${value} is out of range` };
  }
  let time = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59));
  if (new Date(time).getUTCDate() !== day)
    return { raw, time: null, hasZone: false, problem: `day ${day} does not exist in that month` };
  let hasZone = false;
  if (zone) {
    hasZone = true;
    if (zone !== "Z") {
      const digits = zone.replace(/[^\d]/g, "");
      const hours = Number(digits.slice(0, digits.length > 2 ? digits.length - 2 : digits.length));
      const minutes = digits.length > 2 ? Number(digits.slice(-2)) : 0;
      const sign = zone.trim().startsWith("-") ? -1 : 1;
      time -= sign * (hours * 60 + minutes) * 60_000;
    }
  }
  return { raw, time, hasZone, problem: null };
}

/**
 * Signed difference b − a in ms, or null when the two cannot be told apart: a missing zone makes
 * any gap up to 14 h ambiguous, and a gap of whole quarter-hours up to 14 h is the classic
 * "local time written as UTC" bug rather than two different moments.
 */
export function meaningfulGap(a: ParsedDate, b: ParsedDate, toleranceMs = 120_000): number | null {
  if (a.time === null || b.time === null) return null;
  const gap = b.time - a.time;
  const abs = Math.abs(gap);
  if (abs <= toleranceMs) return null;
  const zoneSlack = 14 * 3600_000 + toleranceMs;
  if ((!a.hasZone || !b.hasZone) && abs <= zoneSlack) return null;
  if (abs <= zoneSlack && abs % (15 * 60_000) === 0) return null;
  return gap;
}

export const DAY_MS = 86_400_000;

export function describeGap(ms: number): string {
  const abs = Math.abs(ms);
  if (abs >= 2 * 365 * DAY_MS) return `${Math.round(abs / (365.25 * DAY_MS))} years`;
  if (abs >= 60 * DAY_MS) return `${Math.round(abs / (30.44 * DAY_MS))} months`;
  if (abs >= 2 * DAY_MS) return `${Math.round(abs / DAY_MS)} days`;
  if (abs >= 2 * 3600_000) return `${Math.round(abs / 3600_000)} hours`;
  return `${Math.round(abs / 60_000)} minutes`;
}
