// Bank statement arithmetic: each transaction moves the running balance by its amount, and the
// opening balance plus all movements gives the closing balance. An edited amount shows as a
// balance chain that breaks at one line and then carries on from the printed (wrong) figure.
import type { DocumentContext, TextItem } from "../../context";
import type { Finding } from "../../types";
import { type AmountCell, amountCells, rowLabel } from "./amount-cells";
import {
  type Term,
  type Weight,
  capByReading,
  misreadableAcross,
  ocrRepair,
  readingEvidence,
  repairEvidence,
  weighBreak,
} from "./ocr-noise";
import { cents } from "./parse-amount";
import { findDates } from "./parse-date";
import { printedOrder } from "./statement-order";
import { unionRegion } from "../../region";
import { type TextRow, ruleRow, rowsOfPage } from "./text-rows";

const OPENING_RE =
  /opening\s+balance|balance\s+(brought\s+forward|b\/f)|previous\s+balance|starting\s+balance|beginning\s+balance|balance\s+forward|balance\s+at\s+(the\s+)?(start|beginning)|solde\s+(initial|précédent|pr[ée]c[ée]dent|ancien)|ancien\s+solde|anfangssaldo|alter\s+(kontostand|saldo)|kontostand\s+alt|saldo\s+(anterior|inicial|iniziale|precedente)|beginsaldo/i;
const CLOSING_RE =
  /closing\s+balance|balance\s+(carried\s+forward|c\/f)|new\s+balance|ending\s+balance|final\s+balance|balance\s+at\s+(the\s+)?end|solde\s+(final|nouveau)|nouveau\s+solde|endsaldo|neuer\s+(kontostand|saldo)|kontostand\s+neu|saldo\s+(final|finale|actual)|eindsaldo/i;
const TOTAL_IN_RE = /total\s+(credits?|deposits?|paid\s*in|money\s*in|receipts?|incoming)/i;
const TOTAL_OUT_RE = /total\s+(debits?|withdrawals?|paid\s*out|money\s*out|payments?|outgoing)/i;
/** Column headings, in the languages of doc-vocabulary.ts. */
const COLUMN_RES = {
  debit:
    /^(debits?|withdrawals?|paid\s*out|money\s*out|out|payments?|dr|d[ée]bit|soll|belastung|lastschrift|cargos?|uscite|af)$/i,
  credit: /^(credits?|deposits?|paid\s*in|money\s*in|in|receipts?|cr|cr[ée]dit|haben|gutschrift|abonos?|entrate|bij)$/i,
  balance: /^(balance|solde|saldo|kontostand)$/i,
  amount: /^(amount|montant|betrag|importe|importo|bedrag|kwota|iznos)$/i,
} as const;
type Column = keyof typeof COLUMN_RES;

interface HeaderColumn {
  column: Column;
  item: TextItem;
}

interface Txn {
  row: TextRow;
  label: string;
  /** Signed amounts; sign null when the layout does not say (no debit/credit columns). */
  amounts: Array<{ cell: AmountCell; sign: 1 | -1 | null }>;
  balance: AmountCell | null;
  /**
   * An OCR'd row printed right above this one that read as no amounts at all (a garbled
   * transaction), or, with no items, a line's space above it where OCR read nothing.
   */
  unreadAbove?: TextRow;
  /** The row read right above it on its page, under the table's header (none without a header). */
  above?: TextRow;
}

/** Rows of the table OCR read, a pitch apart, needed before a wider step says a line was skipped. */
const MIN_STEPS = 3;
/** A step this many of the table's pitches wide leaves a line's space between two rows. */
const SKIPPED_STEP = 1.7;

/**
 * A table's rows stand one pitch apart: a transaction read two pitches below the row before it
 * (the header, or the transaction above) has a line between them that OCR read nothing of, not
 * even garbled (a row under a header's shading can vanish whole). The chain lacks it as it lacks
 * a garbled one.
 */
function markSkippedLines(txns: Txn[]): void {
  const steps = txns.flatMap((t, i) => {
    const prev = txns[i - 1];
    return t.above && prev && t.above === prev.row ? [t.row.y - t.above.y] : [];
  });
  if (steps.length < MIN_STEPS) return;
  const pitch = [...steps].sort((a, b) => a - b)[steps.length >> 1] as number;
  for (const t of txns) {
    if (t.unreadAbove || !t.above || !t.row.ocr || !(pitch > 0) || t.row.y - t.above.y < SKIPPED_STEP * pitch) continue;
    const y = (t.row.y + t.above.y) / 2;
    t.unreadAbove = {
      page: t.row.page,
      items: [],
      text: "",
      spans: [],
      y,
      region: { ...t.row.region, y: y - t.row.region.height / 2 },
      confidence: 0,
      meanConfidence: 0,
      ocr: true,
    };
  }
}

const printedBelow = (a: TextRow, b: TextRow) => (a.page === b.page ? a.y > b.y : a.page > b.page);

/**
 * A row of the table OCR garbled: not one amount read, and read with low confidence — digits read
 * poorly, or no reading at all (a dated line under a shaded header band can come out as a run of
 * letters at confidence 20, without one digit: it is still a transaction the chain lacks).
 */
const UNREAD_CONFIDENCE = 35;
const garbled = (row: TextRow, cells: AmountCell[]) =>
  row.ocr &&
  cells.length === 0 &&
  row.meanConfidence < (/\d/.test(row.text) ? 60 : UNREAD_CONFIDENCE) &&
  // A table's rule read as a row of its own is no transaction the chain could be missing.
  !ruleRow(row);

/** Header cells of a transaction table; several words per column are merged ("Paid out"). */
function headerColumns(row: TextRow): HeaderColumn[] {
  const found: HeaderColumn[] = [];
  const words = row.text.split("\t").map((t) => t.trim());
  let offset = 0;
  for (const word of words) {
    const start = row.text.indexOf(word, offset);
    offset = start + word.length;
    // "Withdrawals ($)", "Balance EUR": the unit is not part of the column's name.
    const name = word
      .replace(/\s*\([^)]*\)\s*$/, "")
      .replace(/\s*([$€£¥]|[A-Z]{3})$/, "")
      .trim();
    const column = (Object.keys(COLUMN_RES) as Column[]).find((c) => COLUMN_RES[c].test(name));
    if (!column) continue;
    const items = row.spans.filter((s) => s.end > start && s.start < offset).map((s) => s.item);
    const region = unionRegion(items);
    if (region) found.push({ column, item: { ...(items[0] as TextItem), ...region, text: word } });
  }
  const kinds = new Set(found.map((f) => f.column));
  return kinds.has("balance") && kinds.size >= 2 ? found : [];
}

function columnOf(cell: AmountCell, header: HeaderColumn[]): Column | null {
  let best: { column: Column; distance: number } | null = null;
  for (const h of header) {
    // A figure that ends before a heading starts is not in its column, however the two are aligned.
    if (cell.right < h.item.x) continue;
    const right = Math.abs(cell.right - (h.item.x + h.item.width));
    const centre = Math.abs(cell.region.x + cell.region.width / 2 - (h.item.x + h.item.width / 2));
    const distance = Math.min(right, centre);
    if (!best || distance < best.distance) best = { column: h.column, distance };
  }
  return best && best.distance < 0.08 ? best.column : null;
}

/**
 * A header set at its cell's left (a word processor's table) heads the column up to the next
 * header: a right-aligned amount ends nearer the next header's edge, but never crosses into it.
 */
function spannedColumn(cell: AmountCell, header: HeaderColumn[]): Column | null {
  const sorted = [...header].sort((a, b) => a.item.x - b.item.x);
  const centre = cell.region.x + cell.region.width / 2;
  const i = sorted.findLastIndex((h) => h.item.x <= centre);
  const next = sorted[i + 1];
  return i >= 0 && (!next || cell.right <= next.item.x) ? (sorted[i] as HeaderColumn).column : null;
}

const assigned = (columns: Array<Column | null>) => columns.filter(Boolean).length;
const distinct = (columns: Array<Column | null>) => new Set(columns.filter(Boolean)).size === assigned(columns);

function toTxn(row: TextRow, cells: AmountCell[], header: HeaderColumn[]): Txn | null {
  const label = rowLabel(row, cells);
  if (header.length > 0) {
    const txn: Txn = { row, label, amounts: [], balance: null };
    let columns = cells.map((cell) => columnOf(cell, header));
    // Two amounts of one row in one column, or amounts nearer no header than the span of the one
    // they sit under: the headers are not aligned with the amounts' edges (a word processor sets
    // them at the cell's left, the amounts at its right, so a short amount's edge lies nearer the
    // next header than its own).
    const spanned = cells.map((cell) => spannedColumn(cell, header));
    if (!distinct(columns) || (distinct(spanned) && assigned(spanned) > assigned(columns))) columns = spanned;
    for (const [k, cell] of cells.entries()) {
      const column = columns[k];
      if (column === "balance") txn.balance = cell;
      else if (column === "debit") txn.amounts.push({ cell, sign: -1 });
      else if (column === "credit") txn.amounts.push({ cell, sign: 1 });
      else if (column === "amount")
        txn.amounts.push({ cell, sign: /\bCR\b/.test(cell.raw) ? 1 : cell.negative ? -1 : 1 });
    }
    return txn;
  }
  // Without a header: a dated row whose last amount is the balance.
  if (cells.length < 2 || !startsWithDate(row)) return null;
  return {
    row,
    label,
    balance: cells.at(-1) as AmountCell,
    amounts: cells.slice(0, -1).map((cell) => ({ cell, sign: cell.negative ? -1 : null })),
  };
}

/**
 * Statement rows often print the day and month only ("02 Mar", "02/03"). By OCR, the table's rule
 * at the row's left can be read as a mark run into the date ("107/02/2026", "|07/02"): the date is
 * what follows it, when the row read as it stands starts with none.
 */
function startsWithDate(row: Pick<TextRow, "text" | "ocr">): boolean {
  const dated = (text: string) =>
    findDates(text.slice(0, 14)).length > 0 || /^\d{1,2}[\s/.-]+(\d{1,2}|[A-Za-z]{3,9})\b/.test(text.trim());
  return dated(row.text) || (row.ocr && dated(row.text.trim().replace(/^[|lI1[(]/, "")));
}

/** Every balance the amounts could lead to (unknown signs tried both ways). */
function outcomes(prev: number, amounts: Txn["amounts"]): number[] {
  let sums = [cents(prev)];
  for (const { cell, sign } of amounts) {
    const v = cents(Math.abs(cell.value));
    sums = sign === null ? sums.flatMap((s) => [s + v, s - v]) : sums.map((s) => s + sign * v);
    if (sums.length > 16) return [];
  }
  return sums;
}

const money = (c: number) => (c / 100).toFixed(2);

interface Break {
  index: number;
  prev: AmountCell | number;
  expected: number;
}

export function bankStatementFindings(ctx: DocumentContext): Finding[] {
  const txns: Txn[] = [];
  let opening: AmountCell | null = null;
  let closing: AmountCell | null = null;
  let closingPage: number | null = null;
  let header: HeaderColumn[] = [];
  const statedTotals: Array<{ sign: 1 | -1; cell: AmountCell; page: number }> = [];
  let unread: TextRow | undefined;
  for (const page of ctx.pages) {
    let tableAbove: TextRow | undefined;
    for (const row of rowsOfPage(page)) {
      const found = headerColumns(row);
      if (found.length > 0) {
        header = found;
        tableAbove = row;
        continue;
      }
      // Every row read under the header is a row of the table, amounts or none.
      const above = tableAbove;
      if (header.length > 0) tableAbove = row;
      const cells = amountCells(row);
      if (garbled(row, cells) && (header.length > 0 || txns.length > 0)) unread = row;
      if (cells.length === 0) {
        // A dated line of the table OCR read without one figure ("05/02/2026 Gym Fit 6354 0 ERs",
        // its separators lost): a transaction the chain lacks, however sure the reading of its words.
        if (row.ocr && header.length > 0 && startsWithDate(row)) unread = row;
        continue;
      }
      if (OPENING_RE.test(row.text)) {
        opening ??= cells.at(-1) as AmountCell;
        continue;
      }
      if (CLOSING_RE.test(row.text)) {
        closing = cells.at(-1) as AmountCell;
        closingPage = row.page;
        continue;
      }
      if (/\btotal/i.test(row.text)) {
        const sign = TOTAL_IN_RE.test(row.text) ? 1 : TOTAL_OUT_RE.test(row.text) ? -1 : null;
        if (sign) statedTotals.push({ sign, cell: cells.at(-1) as AmountCell, page: row.page });
        continue;
      }
      const txn = toTxn(row, cells, header);
      if (txn && (txn.balance || txn.amounts.length > 0)) {
        if (unread) txn.unreadAbove = unread;
        unread = undefined;
        txn.above = above;
        txns.push(txn);
      } else if (row.ocr && (startsWithDate(row) || (header.length === 0 && opening !== null))) {
        // A dated line OCR read only in part (its balance garbled), or, in a table whose header OCR
        // could not read, a line of the table read without its date ("Supermarket Fresco -51.62"):
        // a transaction the chain lacks.
        unread = row;
      }
    }
  }
  markSkippedLines(txns);
  const openingValue =
    opening?.value ?? (typeof ctx.fields.opening_balance === "number" ? ctx.fields.opening_balance : null);
  const closingValue =
    closing?.value ?? (typeof ctx.fields.closing_balance === "number" ? ctx.fields.closing_balance : null);

  const start = opening ?? openingValue;
  // Transaction histories are often printed newest first: the chain then runs up the page, and
  // read downwards every line would look broken. The dates say which way the statement runs; without
  // them, the order the figures agree in is the printed one.
  const order = printedOrder(txns.map((t) => t.row.text));
  const forward = walkBalances(txns, start);
  const backward =
    order === "newest_first" || (order === null && forward.breaks.length > 0)
      ? walkBalances([...txns].reverse(), start)
      : null;
  const newestFirst = backward !== null && (order === "newest_first" || backward.breaks.length < forward.breaks.length);
  const ordered = newestFirst ? [...txns].reverse() : txns;
  const { breaks, confirmed, balanced, pending } = newestFirst && backward ? backward : forward;

  // A summary (closing balance, totals) covers every page; with pages left unread it cannot be
  // held against the transactions that were read.
  const complete = ctx.pages.length >= ctx.pageCount;
  const breakFindings: Finding[] = [];
  let consequence = -1;
  for (const b of breaks) {
    // A balance that alone is off breaks the chain twice: into it and out of it. The second
    // break is its consequence, not another discrepancy.
    if (b.index === consequence) continue;
    const { finding, nextIndex } = breakFinding(ordered, b, confirmed, complete ? closingValue : null);
    breakFindings.push(finding);
    if (finding.evidence?.pattern === "continues_from_expected") consequence = nextIndex;
  }
  const findings: Finding[] = capGarbledBreaks(breakFindings, ordered);
  if (complete) findings.push(...totalsFindings(txns, statedTotals));
  const lastIndex = balanced.at(-1);
  const lastTxn = lastIndex !== undefined ? ordered[lastIndex] : undefined;
  const last = lastTxn?.balance;
  // The last balance read is the last one printed, read as printed, when its own line follows from
  // the balance before it (two misread figures agreeing to the cent is no reading error) and no
  // line OCR failed to read lies past it (a transaction the chain would lack).
  const pastLast = newestFirst ? lastTxn?.unreadAbove : unread;
  const lastVouched = lastIndex !== undefined && confirmed.has(lastIndex) && !pastLast;
  // Amounts of lines past the last balance read (a line whose balance OCR did not read with it)
  // carry the chain on to the closing balance.
  const reached = last ? outcomes(last.value, pending) : [];
  const signed = pending.filter((a) => a.sign !== null);
  if (
    complete &&
    closingValue !== null &&
    lastTxn &&
    last &&
    reached.length > 0 &&
    !reached.some((o) => Math.abs(o - cents(closingValue)) <= 1)
  ) {
    const after = signed.map((a) => a.cell);
    const cells = closing ? [closing, last, ...after] : [last, ...after];
    const residual = cents(closingValue) - (reached[0] as number);
    // Only the figures no link of the chain vouches for may be misreadings, and only those whose
    // misreading could make up the difference (ocr-noise.ts).
    const doubtable = misreadableAcross(closing && lastVouched ? [closing, ...after] : cells, residual);
    const repair = closing
      ? ocrRepair(residual, [
          { cell: closing, sign: 1 },
          ...(lastVouched ? [] : [{ cell: last, sign: -1 as const }]),
          ...signed.map((a): Term => ({ cell: a.cell, sign: -(a.sign as number) as 1 | -1 })),
        ])
      : null;
    const ocr = txns.some((t) => t.row.ocr);
    // A line OCR garbled past the last balance read may be the last transaction, its balance the
    // closing one: the closing is then held against a balance that may not be the last printed.
    const weight: Weight = pastLast
      ? {
          severity: "low",
          score: 0.2,
          reason:
            pastLast.items.length === 0
              ? "the table leaves a line's space past the last balance read where OCR read nothing, so a transaction may be missing there"
              : `the line "${pastLast.text.replace(/\t/g, " ").slice(0, 40)}" past the last balance read could not be read by OCR (confidence ${Math.round(pastLast.meanConfidence)}), so a transaction may be missing there`,
        }
      : weighBreak(doubtable, ocr, repair);
    // Where OCR already broke the running balance on this statement, the last balance it read may
    // not be the last one printed (a dropped or misread row): unless the chain vouches for it, the
    // closing then weighs medium at most.
    const unsure = ocr && breakFindings.length > 0 && weight.severity === "high" && !lastVouched;
    findings.push({
      check: "content.statement_closing",
      severity: unsure ? "medium" : weight.severity,
      score: unsure ? Math.min(weight.score, 0.45) : weight.score,
      message: `The last running balance is ${last.raw}${
        pending.length
          ? ` and the amounts after it (${pending.map((a) => a.cell.raw).join(", ")}) give ${money(reached[0] as number)}`
          : ""
      } but the closing balance reads ${closing?.raw ?? closingValue}; ${
        unsure
          ? "OCR also broke the running balance elsewhere, so a row may have been misread or missed"
          : weight.reason
      }.`,
      page: closingPage ?? lastTxn.row.page,
      region: closing?.region ?? last.region,
      evidence: { last_balance: last.value, closing_balance: closingValue, ...readingEvidence(doubtable, ocr) },
    });
  }
  return findings;
}

interface Walk {
  breaks: Break[];
  /** Indexes of the transactions whose printed balance follows from the one before it. */
  confirmed: Set<number>;
  /** Indexes of the transactions that print a balance. */
  balanced: number[];
  /** Amounts after the last printed balance. */
  pending: Txn["amounts"];
}

/** Each printed balance against the one before it and the amounts in between. */
function walkBalances(txns: Txn[], start: AmountCell | number | null): Walk {
  const breaks: Break[] = [];
  const confirmed = new Set<number>();
  const balanced: number[] = [];
  let prev = start;
  let pending: Txn["amounts"] = [];
  txns.forEach((txn, index) => {
    pending = [...pending, ...txn.amounts];
    if (!txn.balance) return;
    balanced.push(index);
    if (prev !== null && pending.length > 0) {
      const prevValue = typeof prev === "number" ? prev : prev.value;
      const options = outcomes(prevValue, pending);
      if (options.length > 0 && !options.some((o) => Math.abs(o - cents(txn.balance!.value)) <= 1)) {
        breaks.push({ index, prev, expected: options[0] as number });
      } else if (options.length > 0) confirmed.add(index);
    }
    prev = txn.balance;
    pending = [];
  });
  return { breaks, confirmed, balanced, pending };
}

/**
 * A forger changes one or two figures. A chain that OCR'd text breaks in three or more places says
 * the reading is garbled, not that the statement was edited three times: each break then counts
 * as medium at most (the text layer of a PDF is read exactly, so its breaks keep their weight).
 */
const GARBLED_OCR_BREAKS = 3;

function capGarbledBreaks(findings: Finding[], txns: Txn[]): Finding[] {
  // A break beside a line OCR could not read is that line's, already weighed so: it says where the
  // reading failed, not that it slips everywhere.
  const unexplained = findings.filter((f) => f.evidence?.unread_line === undefined);
  if (unexplained.length < GARBLED_OCR_BREAKS || !txns.some((t) => t.row.ocr)) return findings;
  return findings.map((f) => {
    // No second reading lifts a break of a garbled chain back up.
    const { ocr_repair: _repair, ocr_confirm: _confirm, ...evidence } = f.evidence ?? {};
    return f.severity === "high" || f.severity === "critical"
      ? {
          ...f,
          severity: "medium",
          score: Math.min(f.score, 0.45),
          message: `${f.message} (One of ${findings.length} breaks in text read by OCR: more likely misreading than editing.)`,
          evidence: { ...evidence, ocr_breaks: findings.length },
        }
      : { ...f, evidence };
  });
}

/** Stated "Total paid in" / "Total paid out" against the sum of the column's transactions. */
function totalsFindings(txns: Txn[], stated: Array<{ sign: 1 | -1; cell: AmountCell; page: number }>): Finding[] {
  return stated.flatMap(({ sign, cell, page }) => {
    const items = txns.flatMap((t) => t.amounts.filter((a) => a.sign === sign).map((a) => a.cell));
    if (items.length === 0 || txns.some((t) => t.amounts.some((a) => a.sign === null))) return [];
    const sum = items.reduce((s, c) => s + cents(Math.abs(c.value)), 0);
    const residual = sum - cents(Math.abs(cell.value));
    if (Math.abs(residual) <= 1) return [];
    const terms: Term[] = [{ cell, sign: -1 }, ...items.map((c): Term => ({ cell: c, sign: 1 }))];
    const weight = weighBreak(
      [cell, ...items],
      txns.some((t) => t.row.ocr),
      ocrRepair(residual, terms),
    );
    const what = sign === 1 ? "money in" : "money out";
    return [
      {
        check: "content.statement_totals",
        severity: weight.severity,
        score: weight.score,
        message: `The ${what} transactions add up to ${money(sum)} but the statement's total reads ${cell.raw}; ${weight.reason}.`,
        page,
        region: cell.region,
        evidence: {
          stated: Math.abs(cell.value),
          computed: sum / 100,
          transactions: items.length,
          ...readingEvidence(
            [cell, ...items],
            txns.some((t) => t.row.ocr),
          ),
        },
      },
    ];
  });
}

function breakFinding(
  txns: Txn[],
  b: Break,
  confirmed: Set<number>,
  closing: number | null,
): { finding: Finding; nextIndex: number } {
  const txn = txns[b.index] as Txn;
  const balance = txn.balance as AmountCell;
  const residual = cents(balance.value) - b.expected;
  const nextIndex = txns.findIndex((t, i) => i > b.index && t.balance);
  const next = txns[nextIndex];
  const prevCell = typeof b.prev === "number" ? null : b.prev;
  // Does the next balance follow from the printed balance (amount edited) or from the expected
  // one (this balance alone is off: a misread or a one-off edit)?
  let pattern: "continues_from_printed" | "continues_from_expected" | "unknown" = "unknown";
  if (next?.balance) {
    const fromPrinted = outcomes(balance.value, next.amounts);
    const fromExpected = outcomes(b.expected / 100, next.amounts);
    if (fromPrinted.some((o) => Math.abs(o - cents(next.balance!.value)) <= 1)) pattern = "continues_from_printed";
    else if (fromExpected.some((o) => Math.abs(o - cents(next.balance!.value)) <= 1))
      pattern = "continues_from_expected";
  } else if (nextIndex === -1 && closing !== null) {
    // The last line's break: the closing balance printed under the table is the chain's next link.
    // A forger who raised the balances from one line on raised it too; a misread last balance
    // leaves it on the expected figure.
    if (Math.abs(cents(balance.value) - cents(closing)) <= 1) pattern = "continues_from_printed";
    else if (Math.abs(b.expected - cents(closing)) <= 1) pattern = "continues_from_expected";
  }
  const carriedBy = next ? "the following lines carry on" : "the closing balance carries on";
  const cells = [balance, ...txn.amounts.map((a) => a.cell), ...(prevCell ? [prevCell] : [])];
  const fromOcr = txn.row.ocr;
  // A figure another link of the chain already agrees with is no misreading: the previous balance
  // when it follows from the one before it, this balance when the next one follows from it. Only
  // the figures no other link vouches for may be look-alike misreads.
  const before = txns
    .slice(0, b.index)
    .reverse()
    .find((t) => t.balance);
  const prevVouched = prevCell !== null && before !== undefined && confirmed.has(txns.indexOf(before));
  const terms: Term[] = [
    ...(pattern === "continues_from_printed" ? [] : [{ cell: balance, sign: 1 as const }]),
    ...txn.amounts
      .filter((a) => a.sign !== null)
      .map((a): Term => ({ cell: a.cell, sign: -(a.sign as number) as 1 | -1 })),
    ...(prevCell && !prevVouched ? [{ cell: prevCell, sign: -1 as const }] : []),
  ];
  // How surely the break was read is how surely the figures a misreading could hide in were: a
  // balance the link before it agrees with, or one the next line carries on from, was read as
  // printed (two misread figures agreeing to the cent is no reading error), however unsure OCR
  // said it was. Where both balances are vouched for so, the break rests on the amounts alone.
  // And only a figure whose misreading could make up the difference (ocr-noise.ts).
  const doubtable = misreadableAcross(
    cells.filter((c) => !(c === prevCell && prevVouched) && !(c === balance && pattern === "continues_from_printed")),
    residual,
  );
  let weight = weighBreak(doubtable, fromOcr, ocrRepair(residual, terms));
  // A garbled row between this balance and the one before it is a transaction the chain is missing.
  const missing = txn.unreadAbove ?? (before && printedBelow(before.row, txn.row) ? before.unreadAbove : undefined);
  let why: string;
  // A balance read surely that alone is off: what it weighs if a second reading prints it the same.
  let sure: Weight | null = null;
  if (pattern === "continues_from_printed") {
    why = `${carriedBy} from the printed balance, the pattern of an edited transaction amount`;
    if (weight.severity === "medium") weight = capByReading({ ...weight, severity: "high", score: 0.7 }, doubtable);
  } else if (pattern === "continues_from_expected") {
    why = `${next ? "the next line" : "the closing balance"} carries on from the correct figure, so only this one balance is off`;
    if (weight.severity === "high" && fromOcr) {
      sure = weight;
      weight = { ...weight, severity: "medium", score: 0.45 };
    }
  } else {
    why = "the balance chain breaks here";
  }
  if (missing) {
    weight = {
      severity: "low",
      score: 0.2,
      reason:
        missing.items.length === 0
          ? "the table leaves a line's space above it where OCR read nothing, so a transaction may be missing from the chain"
          : `the line "${missing.text.replace(/\t/g, " ").slice(0, 40)}" next to it could not be read in full by OCR (confidence ${Math.round(missing.meanConfidence)}), so a transaction may be missing from the chain`,
    };
  }
  const finding: Finding = {
    check: "content.running_balance",
    severity: weight.severity,
    score: weight.score,
    message: `On "${txn.label.slice(0, 60)}" the balance moves to ${balance.raw}, but the previous balance and the amount give ${money(b.expected)} (off by ${money(residual)}); ${why}; ${weight.reason}.`,
    page: txn.row.page,
    region: unionRegion(cells.filter((c) => c !== prevCell).map((c) => c.region)),
    evidence: {
      line: txn.row.text,
      previous_balance: typeof b.prev === "number" ? b.prev : b.prev.value,
      amounts: txn.amounts.map((a) =>
        a.sign === null ? `±${Math.abs(a.cell.value)}` : a.sign * Math.abs(a.cell.value),
      ),
      printed_balance: balance.value,
      expected_balance: b.expected / 100,
      pattern,
      ...(missing ? { unread_line: missing.items.length ? missing.text : null } : {}),
      ...readingEvidence(doubtable, fromOcr),
      // The figure a look-alike would excuse, for a second reading (reread-figures.ts); where the
      // next line agrees with the expected figure the break stays medium however that reads.
      ...(pattern === "continues_from_expected" || missing ? {} : repairEvidence(weight)),
      // Read surely, between two lines that agree with each other, the one balance off is a
      // misreading only if a second reading of it alone comes out differently (reread-figures.ts).
      ...(sure && !missing
        ? {
            ocr_confirm: {
              figure: { read: balance.raw, region: balance.region },
              after: why,
              sure: { severity: sure.severity, score: sure.score },
            },
          }
        : {}),
    },
  };
  return { finding, nextIndex };
}
