// Parsing of printed values: dates in the many ways documents write them, and money amounts.

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  janv: 1,
  fev: 2,
  fév: 2,
  mars: 3,
  avr: 4,
  mai: 5,
  juin: 6,
  juil: 7,
  aout: 8,
  août: 8,
  déc: 12,
};

const MONTH_NAME =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

const DATE_PATTERNS: Array<{ re: RegExp; parts: (m: RegExpMatchArray) => [number, number, number] | null }> = [
  // 2023-06-12
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parts: (m) => [+m[1], +m[2], +m[3]] },
  // 12th day of June, 2023 / 12 June 2023 / 12 JUN 2023 / 12-Jun-2023
  {
    re: new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+day)?(?:\\s+of)?[\\s\\-./]+${MONTH_NAME}\\.?[\\s\\-./,]+(\\d{4}|\\d{2})\\b`,
      "i",
    ),
    parts: (m) => [year(m[3]), month(m[2]), +m[1]],
  },
  // June 12, 2023
  {
    re: new RegExp(`\\b${MONTH_NAME}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "i"),
    parts: (m) => [+m[3], month(m[1]), +m[2]],
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
  // 2023/06/12
  { re: /\b(\d{4})[/.](\d{1,2})[/.](\d{1,2})\b/, parts: (m) => [+m[1], +m[2], +m[3]] },
];

/** The first date in `text` as YYYY-MM-DD, or null. */
export function parseDate(text: string): string | null {
  let best: { index: number; iso: string } | null = null;
  for (const { re, parts } of DATE_PATTERNS) {
    const m = text.match(re);
    if (!m || m.index === undefined) continue;
    const p = parts(m);
    if (!p) continue;
    const iso = toIso(...p);
    if (iso && (!best || m.index < best.index)) best = { index: m.index, iso };
  }
  return best?.iso ?? null;
}

/** Every date in `text`, in order of appearance. */
export function parseDates(text: string): string[] {
  const out: Array<{ index: number; iso: string }> = [];
  for (const { re, parts } of DATE_PATTERNS) {
    const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g");
    for (const m of text.matchAll(g)) {
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
  const m = text.match(new RegExp(`\\b${MONTH_NAME}\\.?\\s+(\\d{4})\\b`, "i"));
  if (!m) return null;
  return `${m[2]}-${String(month(m[1])).padStart(2, "0")}`;
}

function month(name: string): number {
  const k = name.toLowerCase().replace(".", "");
  return MONTHS[k] ?? MONTHS[k.slice(0, 4)] ?? MONTHS[k.slice(0, 3)] ?? 0;
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
