// Money amounts as printed on payslips and statements: 1,234.56 / 1.234,56 / 1 234,56 / 1'234.56,
// with currency symbols or codes, and negatives as -x, (x), x- or a DR suffix.

export interface AmountMatch {
  value: number;
  raw: string;
  /** Offsets of the match in the searched text. */
  start: number;
  end: number;
  /** Whether the printed form marks it negative (minus, parentheses, DR). */
  negative: boolean;
}

const CURRENCY = String.raw`(?:[$€£¥₹₩₽]|USD|EUR|GBP|CHF|CAD|AUD|INR|JPY|R\$|kr|zł|Fr\.?)`;
// Digits grouped by thousands (comma, dot, space, no-break spaces, apostrophe) or ungrouped,
// then a 1–2 digit decimal part; integers only when a currency marks them as money.
const NUMBER = String.raw`\d{1,3}(?:[,.' \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+[.,]\d{1,2}|\d+`;
const AMOUNT_RE = new RegExp(
  String.raw`(?<![\w.,/:-])(?<neg1>[-−–(])?\s?(?<cur1>${CURRENCY})?\s?(?<neg2>[-−–])?(?<num>${NUMBER})(?![\w/:%]|[.,]\d|\s?%)(?:\s?(?<cur2>${CURRENCY}))?(?<neg3>-|\)|\s?DR\b|\s?Dr\b|\s?OD\b|\s?O\/D\b)?`,
  "gu",
);

/** Numeric value of a printed number, deciding which separator is the decimal one. */
export function parseNumber(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f']/g, (ch) => (ch === "'" ? "," : " ")).trim();
  const decimal = /[.,](\d{1,2})$/.exec(s);
  let intPart = s;
  let frac = "";
  if (decimal) {
    intPart = s.slice(0, decimal.index);
    frac = decimal[1] as string;
  }
  const digits = intPart.replace(/[ ,.]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  // Thousands groups must be exactly 3 digits after the first.
  const groups = intPart.split(/[ ,.]/);
  if (groups.length > 1 && groups.slice(1).some((g) => g.length !== 3)) return null;
  return Number(`${digits}.${frac || "0"}`);
}

/**
 * Amounts in a line of text. Integers without currency are skipped (quantities, years, ids).
 * Negative: a minus, parentheses, or a debit/overdrawn suffix (DR, OD, O/D) as UK banks print balances.
 */
export function findAmounts(text: string, options: { allowIntegers?: boolean } = {}): AmountMatch[] {
  const out: AmountMatch[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const g = m.groups ?? {};
    const num = g.num as string;
    const hasDecimals = /[.,]\d{1,2}$/.test(num) && !/^\d{1,3}[.,]\d{3}$/.test(num);
    const hasCurrency = Boolean(g.cur1 || g.cur2);
    if (!hasDecimals && !hasCurrency && !options.allowIntegers) continue;
    const value = parseNumber(num);
    if (value === null) continue;
    const negative = Boolean(
      g.neg2 ||
      (g.neg1 && g.neg1 !== "(") ||
      (g.neg1 === "(" && g.neg3 === ")") ||
      /D[Rr]|OD|O\/D|-/.test(g.neg3 ?? ""),
    );
    out.push({
      value: negative ? -value : value,
      raw: m[0].trim(),
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      negative,
    });
  }
  return out;
}

/** Rounds to cents to keep sums of decimals exact enough to compare. */
export const cents = (value: number) => Math.round(value * 100);
