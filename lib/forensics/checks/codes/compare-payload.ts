// Compares the values a code carries with the document's printed text and fields. A forger edits
// the printed name, date or amount but cannot re-sign or re-encode the code, so a code that
// names other values than the page is strong evidence of an edit (or of a code pasted from
// another document).
import type { DocumentContext } from "../../context";
import { findAmounts } from "../content/parse-amount";
import { findDates } from "../content/parse-date";
import { canonicalNumber, editDistance, nameTokens } from "../mrz/compare-printed";
import type { PayloadValue } from "./payload";
import { rowsOfDocument } from "../content/text-rows";
import { SURE_OCR, presentedName } from "./presented-name";
import { printedAmount } from "./printed-amount";
import { spelledInRow } from "./spelled-name";

export interface Comparison {
  value: PayloadValue;
  found: boolean;
  /** The printed field it was held against, when the key named one. */
  printed?: string;
}

export interface PrintedCorpus {
  tokens: Set<string>;
  /** The name tokens of each printed line. */
  lineTokens: Set<string>[];
  lines: string[];
  dates: Set<string>;
  amounts: number[];
  fuzzy: boolean;
  /** Lines OCR read unsurely, where a name may be spelled out in fragments (spelled-name.ts). */
  unsureLines: string[];
}

export function printedCorpus(ctx: DocumentContext): PrintedCorpus {
  const fieldText = Object.values(ctx.fields)
    .filter((v) => typeof v === "string" || typeof v === "number")
    .map(String);
  const text = [...ctx.fullText, ...fieldText].join("\n");
  const dates = new Set(findDates(text).flatMap((d) => d.isos));
  for (const v of fieldText) if (/^\d{4}-\d{2}-\d{2}$/.test(v)) dates.add(v);
  const amounts = [
    ...findAmounts(text, { allowIntegers: true }).map((a) => Math.abs(a.value)),
    ...Object.values(ctx.fields).filter((v): v is number => typeof v === "number"),
  ];
  return {
    tokens: nameTokens(text),
    lineTokens: text.split("\n").map((l) => nameTokens(l)),
    lines: text.split("\n").map((l) => canonicalNumber(l)),
    dates,
    amounts,
    fuzzy: ctx.pages.some((p) => p.text.some((t) => t.source === "ocr")),
    unsureLines: rowsOfDocument(ctx.pages)
      .filter((r) => r.ocr && r.meanConfidence < SURE_OCR)
      .map((r) => r.text),
  };
}

function tokensPresent(value: string, corpus: PrintedCorpus): boolean {
  const tokens = [...nameTokens(value)].filter((t) => t.length >= 2);
  if (tokens.length === 0) return true;
  const present = tokens.filter(
    (t) =>
      corpus.tokens.has(t) ||
      (corpus.fuzzy &&
        t.length >= 4 &&
        [...corpus.tokens].some((c) => Math.abs(c.length - t.length) <= 1 && editDistance(c, t) <= 1)),
  );
  // Printed names often drop a middle name; accept one missing token of three or more.
  return present.length >= (tokens.length >= 3 ? tokens.length - 1 : tokens.length);
}

function compareToField(value: PayloadValue, printed: string, fuzzy: boolean): boolean {
  switch (value.kind) {
    case "date":
      return (
        (value.isos ?? []).includes(printed) ||
        findDates(printed).some((d) => d.isos.some((i) => value.isos?.includes(i)))
      );
    case "amount":
      return value.amount !== undefined && Math.abs(Number(printed) - value.amount) < 0.005;
    case "identifier":
      return (
        canonicalNumber(printed) === canonicalNumber(value.value) ||
        (!fuzzy && printed.replace(/\W/g, "") === value.value.replace(/\W/g, ""))
      );
    default:
      return tokensPresent(value.value, {
        tokens: nameTokens(printed),
        lineTokens: [],
        lines: [],
        dates: new Set(),
        amounts: [],
        fuzzy,
        unsureLines: [],
      });
  }
}

function inCorpus(value: PayloadValue, corpus: PrintedCorpus): boolean {
  switch (value.kind) {
    case "date":
      return (value.isos ?? []).some((iso) => corpus.dates.has(iso));
    case "amount":
      return corpus.amounts.some((a) => Math.abs(a - Math.abs(value.amount ?? Number.NaN)) < 0.005);
    case "identifier": {
      const canonical = canonicalNumber(value.value);
      return corpus.lines.some((line) => line.includes(canonical));
    }
    case "name":
      // A name no word of the page shows may still be spelled out on a line OCR read unsurely.
      return tokensPresent(value.value, corpus) || corpus.unsureLines.some((line) => spelledInRow(value.value, line));
    default:
      return tokensPresent(value.value, corpus);
  }
}

/**
 * Whether a value the read field contradicts is nonetheless printed elsewhere, exactly: a name as
 * one line's words (a signatory who shares a first name with the holder is not the holder).
 */
function printedElsewhere(value: PayloadValue, corpus: PrintedCorpus): boolean {
  if (value.kind !== "name") return inCorpus(value, { ...corpus, fuzzy: false });
  return corpus.lineTokens.some((tokens) => tokensPresent(value.value, { ...corpus, tokens, fuzzy: false }));
}

/** Each value of the code, found or not in the printed document. */
export function comparePayload(values: PayloadValue[], ctx: DocumentContext, corpus: PrintedCorpus): Comparison[] {
  // A certificate's name line or a payslip's labelled total the read stage could not take is still
  // what the document prints for that field.
  const printedField = (field: string) =>
    ctx.fields[field] ?? (field === "holder_name" ? presentedName(ctx) : printedAmount(ctx, field));
  return values.map((value) => {
    const fieldValue = value.field ? printedField(value.field) : undefined;
    if (fieldValue !== undefined && fieldValue !== null && fieldValue !== "") {
      const printed = String(fieldValue);
      // The printed field disagrees, but the value may still be printed elsewhere (a second
      // date, a field read from the wrong line): only a value absent everywhere counts. Elsewhere
      // means exactly (see printedElsewhere).
      const found = compareToField(value, printed, corpus.fuzzy) || printedElsewhere(value, corpus);
      return { value, found, printed };
    }
    return { value, found: inCorpus(value, corpus) };
  });
}
