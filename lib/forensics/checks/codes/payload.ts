// What a decoded code says about the document: the values in its payload (names, dates, amounts,
// identifiers), whatever its encoding: AAMVA licence data, a URL with query parameters, JSON,
// key=value lists, or free text.
import { findAmounts, parseNumber } from "../content/parse-amount";
import { findDates } from "../content/parse-date";
import { isAamva, parseAamva } from "./aamva";

export type ValueKind = "name" | "date" | "amount" | "identifier" | "text";

export interface PayloadValue {
  key: string | null;
  value: string;
  kind: ValueKind;
  /** The DocumentContext field this value should equal, when the key says so. */
  field?: string;
  /** ISO readings for dates. */
  isos?: string[];
  amount?: number;
}

export interface Payload {
  kind: "aamva" | "url" | "json" | "key_value" | "record" | "text";
  url?: URL;
  values: PayloadValue[];
}

const KEY_KINDS: Array<{ re: RegExp; kind: ValueKind; field?: string }> = [
  { re: /birth|dob/i, kind: "date", field: "date_of_birth" },
  { re: /expir|valid(ity)?[_\s-]*(to|until)/i, kind: "date", field: "expiry_date" },
  { re: /issue[ds]?[_\s-]*(date|on)|date[_\s-]*of[_\s-]*issue/i, kind: "date", field: "issue_date" },
  { re: /graduat|conferr|award/i, kind: "date", field: "graduation_date" },
  { re: /date|period/i, kind: "date" },
  { re: /gross/i, kind: "amount", field: "gross_pay" },
  { re: /\bnet|net[_\s-]*pay|netpay/i, kind: "amount", field: "net_pay" },
  { re: /amount|total|salary|pay|balance|sum|wage/i, kind: "amount" },
  {
    re: /(holder|student|employee|recipient|full|first|last|given|family|sur)[_\s-]*name|^name$|^holder$|^student$|^employee$/i,
    kind: "name",
    field: "holder_name",
  },
  { re: /institution|university|school|college|issuer|employer|bank|degree|program|course|award/i, kind: "text" },
  {
    re: /doc(ument)?[_\s-]*(no|num|number)|passport|licen[cs]e|certificate[_\s-]*(no|num|number)|cert[_\s-]*(no|id)|serial/i,
    kind: "identifier",
    field: "document_number",
  },
  { re: /^(doc|document|cert|certificate|licence|license)$/i, kind: "identifier", field: "document_number" },
  { re: /(^|[_\s-])(no|num|number|id|ref|reference|code)$/i, kind: "identifier" },
];

/** Random tokens (hashes, UUIDs, signatures) identify nothing a person could check on paper. */
const isOpaqueToken = (v: string) => /^[0-9a-f-]{16,}$/i.test(v) || /^[A-Za-z0-9+/_-]{24,}={0,2}$/.test(v);

export function classifyValue(key: string | null, raw: string): PayloadValue | null {
  const value = raw.trim();
  if (!value || value.length > 200 || isOpaqueToken(value)) return null;
  const rule = key ? KEY_KINDS.find((k) => k.re.test(key)) : undefined;
  const dates = findDates(value);
  const wholeDate = dates.length === 1 && value.length - (dates[0]?.raw.length ?? 0) <= 2;
  if ((rule?.kind === "date" || !rule) && wholeDate) {
    return { key, value, kind: "date", field: rule?.field, isos: dates[0]?.isos };
  }
  const number = parseNumber(value.replace(/^[^\d-]+|[^\d]+$/g, ""));
  if (rule?.kind === "amount" && number !== null)
    return { key, value, kind: "amount", field: rule.field, amount: number };
  if (rule?.kind === "name" && /\p{L}{2}/u.test(value)) return { key, value, kind: "name", field: rule.field };
  if (rule?.kind === "identifier" && /\d/.test(value) && value.replace(/[^A-Za-z0-9]/g, "").length >= 4) {
    return { key, value, kind: "identifier", field: rule.field };
  }
  if (rule?.kind === "text" && /\p{L}{3}/u.test(value)) return { key, value, kind: "text" };
  if (!rule && /^-?\d[\d,.' ]*[.,]\d{2}$/.test(value) && number !== null)
    return { key, value, kind: "amount", amount: number };
  return null;
}

function flattenJson(value: unknown, key: string | null, out: PayloadValue[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) value.forEach((v) => flattenJson(v, key, out));
  else if (typeof value === "object") for (const [k, v] of Object.entries(value)) flattenJson(v, k, out);
  else {
    const classified = classifyValue(key, String(value));
    if (classified) out.push(classified);
  }
}

function keyValues(pairs: Array<[string, string]>): PayloadValue[] {
  return pairs.flatMap(([k, v]) => {
    const classified = classifyValue(k.trim(), v);
    return classified ? [classified] : [];
  });
}

function aamvaValues(text: string): PayloadValue[] {
  const data = parseAamva(text);
  const out: PayloadValue[] = [];
  const name = [...data.givenNames, data.familyName].filter(Boolean).join(" ");
  if (name) out.push({ key: "DCS/DAC", value: name, kind: "name", field: "holder_name" });
  const dates: Array<[string, string | null, string]> = [
    ["DBB", data.dateOfBirth, "date_of_birth"],
    ["DBA", data.expiryDate, "expiry_date"],
    ["DBD", data.issueDate, "issue_date"],
  ];
  for (const [key, iso, field] of dates) if (iso) out.push({ key, value: iso, kind: "date", field, isos: [iso] });
  if (data.documentNumber)
    out.push({ key: "DAQ", value: data.documentNumber, kind: "identifier", field: "document_number" });
  return out;
}

export function parsePayload(text: string): Payload {
  const trimmed = text.trim();
  if (isAamva(trimmed)) return { kind: "aamva", values: aamvaValues(trimmed) };
  if (/^https?:\/\//i.test(trimmed) && !/\s/.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      return { kind: "url", url, values: keyValues([...url.searchParams.entries()]) };
    } catch {
      // Not a URL after all: read as text below.
    }
  }
  if (/^[{[]/.test(trimmed)) {
    try {
      const values: PayloadValue[] = [];
      flattenJson(JSON.parse(trimmed), null, values);
      return { kind: "json", values };
    } catch {
      // Not JSON: read as text below.
    }
  }
  const pairs = [...trimmed.matchAll(/(?:^|[\n;|&])\s*([A-Za-z][\w .-]{0,40}?)\s*[=:]\s*([^\n;|&]+)/g)].map(
    (m) => [m[1] as string, m[2] as string] as [string, string],
  );
  if (pairs.length >= 2) return { kind: "key_value", values: keyValues(pairs) };
  const fields = trimmed.split(/\s*[|;\t\n]\s*/).filter(Boolean);
  if (fields.length >= 3) return { kind: "record", values: fields.flatMap(recordValues) };
  // Free text: only what can be checked without knowing its structure.
  const values: PayloadValue[] = [
    ...findDates(trimmed).map((d): PayloadValue => ({ key: null, value: d.raw, kind: "date", isos: d.isos })),
    ...findAmounts(trimmed)
      .filter((a) => /[$€£¥₹]|[A-Z]{3}/.test(a.raw))
      .map((a): PayloadValue => ({ key: null, value: a.raw, kind: "amount", amount: Math.abs(a.value) })),
  ];
  return { kind: "text", values };
}

/** Words that make a capitalised phrase an organisation, a title or a label rather than a person. */
const NOT_A_PERSON =
  /^(?:univ\w*|college|coll[eè]ge|institut\w*|academ\w*|akadem\w*|school|[ée]cole|escuela|scuola|hochschule|faculty|facult\w*|department|ministry|office|bureau|council|board|cent(?:re|er)|foundation|society|association|bank|banco|banque|trust|group|ltd|llc|llp|inc|gmbh|ag|sa|bv|plc|co|corp\w*|company|services?|verif\w*|certificate|certified|diploma|degree|bachelor|master|doctor|science|sciences|arts|engineering|technology|studies|course|programme|program|republic|state|city|government)$/i;

/**
 * A person's name standing alone as one field of a record: two to four capitalised words (initials
 * and hyphenated or apostrophised names allowed), none of them an organisation's or a title's word.
 */
export function looksLikePersonName(segment: string): boolean {
  const words = segment.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4) return false;
  if (!words.every((w) => /^\p{Lu}[\p{L}'’\-]*\.?$/u.test(w))) return false;
  if (words.filter((w) => w.replace(/[^\p{L}]/gu, "").length >= 2).length < 2) return false;
  return !words.some((w) => NOT_A_PERSON.test(w.replace(/[.'’]/g, "")));
}

/**
 * One field of a delimited record without keys ("VERIFY|Northgate University|2020-41234|Jane
 * Doe|2021-06-30"): read by what it is. A person's name in an issuer's record names the holder.
 */
function recordValues(segment: string): PayloadValue[] {
  if (looksLikePersonName(segment)) return [{ key: null, value: segment, kind: "name", field: "holder_name" }];
  if (/^-?\d[\d,.' ]*[.,]\d{2}$/.test(segment)) {
    const amount = parseNumber(segment);
    if (amount !== null) return [{ key: null, value: segment, kind: "amount", amount: Math.abs(amount) }];
  }
  return findDates(segment).map((d): PayloadValue => ({ key: null, value: d.raw, kind: "date", isos: d.isos }));
}
