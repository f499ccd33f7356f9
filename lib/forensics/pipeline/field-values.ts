// Parsing of printed values: dates in the many ways documents write them, and money amounts.
import { MONTH_WORDS, monthOfPrinted } from "../month-names";

/** Every match of a pattern, whatever its flags. */
const allMatches = (text: string, re: RegExp) =>
  text.matchAll(new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g"));

const DATE_PATTERNS: Array<{ re: RegExp; parts: (m: RegExpMatchArray) => [number, number, number] | null }> = [
  // 2023-06-12
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parts: (m) => [+m[1], +m[2], +m[3]] },
  // 12th day of June, 2023 / 12 June 2023 / 12 JUN 2023 / 12-Jun-2023 / 12 JANV/JAN 90
  {
    re: new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th)?(?:\s+day)?(?:\s+of)?[\s\-./]+${MONTH_WORDS}[\s\-./,]+(\d{4}|\d{2})(?!\d)`,
      "iu",
    ),
    parts: (m) => [year(m[4]), month(m[2], m[3]), +m[1]],
  },
  // June 12, 2023
  {
    re: new RegExp(String.raw`(?<!\p{L})${MONTH_WORDS}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`, "iu"),
    parts: (m) => [+m[4], month(m[1], m[2]), +m[3]],
  },
  // 12/06/2023, 12.06.2023, 12-06-2023: day first unless that is impossible (then month first, US style)
  {
    re: /\b(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4}|\d{2})\b/,
    parts: (m) => {
      const a = +m[1];
      const b = +m[2];
      if (b > 12 && a <= 12) return [year(m[3]), a, b];
      return [year(m[3]), b, a];
    },
  },
  // 12 06 2023 (Spanish and Portuguese identity cards, day first): two digits each, a four-digit year
  { re: /(?<![\d.,]|\d )(\d{2}) (\d{2}) (\d{4})(?![\d,]| \d|\.\d)/, parts: (m) => [+m[3], +m[2], +m[1]] },
  // 2023/06/12
  { re: /\b(\d{4})[/.](\d{1,2})[/.](\d{1,2})\b/, parts: (m) => [+m[1], +m[2], +m[3]] },
];

/** The first date in `text` as YYYY-MM-DD, or null. */
export function parseDate(text: string): string | null {
  let best: { index: number; iso: string } | null = null;
  for (const { re, parts } of DATE_PATTERNS) {
    for (const m of allMatches(text, re)) {
      const p = parts(m);
      const iso = p && m.index !== undefined ? toIso(...p) : null;
      if (!iso) continue;
      if (!best || (m.index as number) < best.index) best = { index: m.index as number, iso };
      break;
    }
  }
  return best?.iso ?? null;
}

/** Every date in `text`, in order of appearance. */
export function parseDates(text: string): string[] {
  const out: Array<{ index: number; iso: string }> = [];
  for (const { re, parts } of DATE_PATTERNS) {
    for (const m of allMatches(text, re)) {
      const p = parts(m);
      const iso = p ? toIso(...p) : null;
      if (iso && m.index !== undefined && !out.some((o) => Math.abs(o.index - m.index!) < 3))
        out.push({ index: m.index, iso });
    }
  }
  return out.sort((a, b) => a.index - b.index).map((o) => o.iso);
}

/** Months as written: "June 2024" → 2024-06. */
export function parseMonth(text: string): string | null {
  for (const m of allMatches(text, new RegExp(String.raw`(?<!\p{L})${MONTH_WORDS}\s+(\d{4})\b`, "iu"))) {
    const n = month(m[1] as string, m[2]);
    if (n) return `${m[3]}-${String(n).padStart(2, "0")}`;
  }
  return null;
}

/** A month word, alone or bilingual ("JUIN/JUN"); 0 when it names none (the date is then not one). */
function month(first: string, second?: string): number {
  return monthOfPrinted(first, second) ?? 0;
}

function year(y: string): number {
  const n = +y;
  if (y.length === 4) return n;
  // Two-digit years: within 20 years ahead are this century, the rest the last (birth dates).
  const now = new Date().getUTCFullYear() % 100;
  return n <= now + 20 ? 2000 + n : 1900 + n;
}

function toIso(y: number, m: number, d: number): string | null {
  if (!(y >= 1900 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const AMOUNT_RE =
  /(-(?=[\d$£€¥₹])|\()?(?:[$£€¥₹]|[A-Z]{3}\s)?\s?(\d{1,3}(?:[, ]\d{3})+|\d+)([.,]\d{2})?(?!\d)\)?(\s?(?:CR|DR)\b)?/g;

/** The first money amount in `text`: "1,234.56", "£1 234.56", "(12.00)", "1.234,56"; null when none. */
export function parseAmount(text: string): number | null {
  return parseAmounts(text)[0] ?? null;
}

export function parseAmounts(text: string): number[] {
  const out: number[] = [];
  // 1.234,56 (continental) is rewritten to 1,234.56 first.
  const normalised = text.replace(
    /\b(\d{1,3}(?:\.\d{3})+),(\d{2})\b/g,
    (_, int: string, dec: string) => `${int.replace(/\./g, ",")}.${dec}`,
  );
  for (const m of normalised.matchAll(AMOUNT_RE)) {
    const whole = m[2];
    const decimals = m[3];
    // Bare integers are quantities, years, ids; amounts carry decimals or thousands separators.
    if (!decimals && !/[, ]/.test(whole)) continue;
    let v = Number(whole.replace(/[, ]/g, "") + (decimals ? "." + decimals.slice(1) : ""));
    if (!Number.isFinite(v)) continue;
    const negative = m[1] === "-" || m[1] === "(" || /DR/.test(m[4] ?? "");
    if (negative) v = -v;
    out.push(Math.round(v * 100) / 100);
  }
  return out;
}
