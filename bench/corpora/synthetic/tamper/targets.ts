// Which printed value a forger edits, and what they change it to.
import type { CredentialType } from "../catalog";
import { measureText } from "../fonts";
import type { Layout, TextElement } from "../layout";
import type { Rng } from "../rng";
import { DEGREES, SURNAMES, UNIVERSITIES } from "../vocabulary";

/** Fields forgers go for first, per document type. */
const TARGETS: Record<CredentialType, string[]> = {
  diploma: ["degree", "holder_name", "graduation_date", "grade"],
  transcript: ["grade", "holder_name", "graduation_date"],
  certificate: ["holder_name", "expiry_date", "degree"],
  id_card: ["date_of_birth", "holder_name", "expiry_date", "document_number"],
  passport: ["date_of_birth", "holder_name", "expiry_date"],
  payslip: ["net_pay", "gross_pay", "employee"],
  bank_statement: ["closing_balance", "holder_name", "opening_balance"],
};

export interface Target {
  page: number;
  element: TextElement;
  /** The edited text. */
  replacement: string;
}

export function pickTarget(rng: Rng, layout: Layout, docType: CredentialType): Target {
  const candidates: Array<{ page: number; element: TextElement }> = [];
  for (const field of TARGETS[docType]) {
    layout.pages.forEach((p, page) => {
      for (const e of p.elements) if (e.kind === "text" && e.field === field) candidates.push({ page, element: e });
    });
    if (candidates.length > 0 && rng.chance(0.7)) break;
  }
  const chosen = candidates.length > 0 ? rng.pick(candidates) : fallback(layout);
  return { ...chosen, replacement: mutateText(rng, chosen.element.text, chosen.element.field) };
}

function fallback(layout: Layout): { page: number; element: TextElement } {
  for (const [page, p] of layout.pages.entries()) {
    const e = p.elements.find((x): x is TextElement => x.kind === "text" && /\d/.test(x.text));
    if (e) return { page, element: e };
  }
  throw new Error("layout has no text to tamper with");
}

/** Changes digits (amounts up, years earlier) or swaps a surname, keeping the text's format. */
export function mutateText(rng: Rng, value: string, field?: string): string {
  if (field === "degree") {
    // Upgrade the degree: the most common diploma forgery.
    const upgraded = value
      .replace(/^Bachelor of (Science|Arts|Engineering|Laws)/, "Master of $1")
      .replace(/^Master of [A-Za-z ]+? in/, "Doctor of Philosophy in");
    if (upgraded !== value) return upgraded;
    const [title, major] = rng.pick(DEGREES.filter(([t, m]) => !value.includes(m) && t.startsWith("Master")));
    return value.includes(" in ") ? `${title} in ${major}` : `${title} – ${major}`;
  }
  if (field === "institution") return rng.pick(UNIVERSITIES.filter((u) => u !== value));
  const digits = [...value.matchAll(/\d/g)].map((m) => m.index as number);
  if (digits.length > 0) {
    const amount = /\d[\d,]*\.\d\d/.exec(value);
    if (amount) {
      // Raise the leading digit of an amount (what an inflated salary or balance looks like).
      const i = amount.index;
      const d = Number(value[i]);
      const up = d >= 8 ? "1" + String(d) : String(d + rng.int(1, 9 - d));
      return value.slice(0, i) + up + value.slice(i + 1);
    }
    const i = rng.pick(digits.slice(-4));
    const d = Number(value[i]);
    return value.slice(0, i) + String((d + rng.int(1, 8)) % 10) + value.slice(i + 1);
  }
  const words = value.split(" ");
  const last = words.length - 1;
  const upper = words[last] === words[last]?.toUpperCase();
  const other = rng.pick(SURNAMES.filter((s) => s.toLowerCase() !== words[last]?.toLowerCase()));
  words[last] = upper ? other.toUpperCase() : other;
  return words.join(" ");
}

/** The box a text element occupies, in points (top-left origin). */
export function textBox(el: TextElement, value = el.text): { x: number; y: number; width: number; height: number } {
  const width = measureText(value, el.font, el.size);
  const x = el.align === "right" ? el.x - width : el.align === "center" ? el.x - width / 2 : el.x;
  return { x, y: el.y - el.size * 0.8, width, height: el.size * 1.05 };
}

/** Union of the boxes of the original and edited text, padded, as page fractions. */
export function regionOf(layout: Layout, el: TextElement, replacement: string, pad = 2) {
  const a = textBox(el);
  const b = textBox(el, replacement);
  const x0 = Math.min(a.x, b.x) - pad;
  const y0 = Math.min(a.y, b.y) - pad;
  const x1 = Math.max(a.x + a.width, b.x + b.width) + pad;
  const y1 = Math.max(a.y + a.height, b.y + b.height) + pad;
  return {
    x: x0 / layout.width,
    y: y0 / layout.height,
    width: (x1 - x0) / layout.width,
    height: (y1 - y0) / layout.height,
  };
}
