// Utility bill arithmetic: the charges listed above a bill's total (standing charge, energy, taxes,
// a previous balance and the payments received against it) add up to the total or amount due.
// Proof-of-address forgeries change the name and address and usually leave the sums alone, but a
// bill "adjusted" to show another amount, or built from a template, breaks them.
import type { DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { type AmountCell, amountCells, inColumnOf, rowLabel, sameColumn } from "./amount-cells";
import { type Term, ocrRepair, readingEvidence, repairEvidence, weighBreak } from "./ocr-noise";
import { cents } from "./parse-amount";
import { unionRegion } from "../../region";
import { type TextRow, ruleRow, rowsOfPage } from "./text-rows";

/**
 * In the languages of doc-vocabulary.ts: the line that states what the bill totals. OCR often
 * joins a bold label's words ("Amountdue", "Totaldue"): the English ones may lose their space.
 */
const TOTAL_RE =
  /^(grand ?)?total\b( ?\(?(incl|inc|including|ttc)\b[^)]*\)?)? ?:?$|\b(total ?(charges|amount( ?due)?|due|to ?pay|payable|this ?(bill|period)|current ?charges|bill)|amount ?(due|payable)|balance ?due|please ?pay|sub-?total|montant [àa] payer|total [àa] payer|rechnungsbetrag|zu zahlender betrag|gesamtbetrag|importe (total|a pagar)|totale (da pagare|bolletta)|valor a pagar|te betalen|do zap[łl]aty|za platiti|ukupno( za pla[ćc]anje)?|iznos za pla[ćc]anje)\b/i;
/** A payment received or a credit reduces what is due, however the bill prints its sign. */
const PAYMENT_RE =
  /\b(payments?( received)?|paid|thank you|credit|paiement|zahlung|gutschrift|pago|pagamento|betaling|wp[łl]ata|uplata|pla[ćc]eno)\b/i;

interface Line {
  row: TextRow;
  cells: AmountCell[];
  label: string;
  /** A total whose figure was printed under its caption, apart from the charges' column. */
  boxed?: boolean;
}

const money = (c: number) => (c / 100).toFixed(2);

export function utilityBillFindings(ctx: DocumentContext): Finding[] {
  const findings: Finding[] = [];
  for (const page of ctx.pages) {
    const lines: Line[] = underCaption(
      rowsOfPage(page).map((row) => {
        const cells = amountCells(row);
        return { row, cells, label: rowLabel(row, cells) };
      }),
    );
    lines.forEach((line, i) => {
      // A subtotal is a total of the lines above it too: a charge edited above it breaks that sum.
      if (!(TOTAL_RE.test(line.label) || SUBTOTAL_RE.test(line.label)) || line.cells.length === 0) return;
      const { charges, stop } = chargesAbove(lines, i);
      const finding = totalFinding(line, charges, lines.slice(0, i), stop);
      if (finding) findings.push(finding);
    });
    if (findings.length > 0) break; // the first page's total is the bill's; later pages repeat it
  }
  return findings;
}

/**
 * A total whose figure is printed on the line under its caption ("Amount due" over "EUR 154.87" in
 * a box): the figure-only line right under a total's caption, starting within the caption's width
 * of it, is that total's figure.
 */
function underCaption(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const next = lines[i + 1];
    const isTotal = TOTAL_RE.test(line.label) && !SUBTOTAL_RE.test(line.label);
    if (isTotal && line.cells.length === 0 && next && next.label === "" && next.cells.length > 0) {
      const left = Math.min(...line.row.items.map((t) => t.x));
      const right = Math.max(...line.row.items.map((t) => t.x + t.width));
      const close = next.row.y - line.row.y <= 2.5 * line.row.region.height;
      if (close && next.row.region.x >= left - (right - left) && next.row.region.x <= right + (right - left)) {
        out.push({ row: next.row, cells: next.cells, label: line.label, boxed: true });
        i++;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

/**
 * Contiguous charge lines right above a total, up to a header, a blank row or another total (`stop`,
 * the line without an amount they end at). A subtotal above stands for the lines above it:
 * "Subtotal 130.14 / VAT 19% 24.73 / Total due 154.87".
 */
function chargesAbove(lines: Line[], index: number): { charges: Line[]; stop?: Line } {
  const out: Line[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i] as Line;
    // A table's rule read as a row of its own is no line of the bill.
    if (line.cells.length === 0 && ruleRow(line.row)) continue;
    if (line.cells.length === 0) return { charges: out, stop: line };
    if (TOTAL_RE.test(line.label) || SUBTOTAL_RE.test(line.label)) {
      if (SUBTOTAL_RE.test(line.label) && out.length > 0) out.unshift(line);
      break;
    }
    out.unshift(line);
  }
  return { charges: out };
}

/**
 * Whether the line the charges end at prints figures in the total's column that were not read as an
 * amount ("Energy charge 220 kWh 0.1603 3540", its decimal point lost to OCR): a charge line whose
 * amount is unread, not a header, so the lines under it are not all the total sums.
 */
function unreadChargeIn(line: Line, total: AmountCell): boolean {
  return line.row.items.some((i) => /\d{2,}/.test(i.text) && Math.abs(i.x + i.width - total.right) <= 0.02);
}

/** Below this mean confidence an OCR'd line was not read: it may be a charge as well as a header. */
const UNREAD_LINE = 50;

/**
 * Whether the line the charges end at was not read at all (a shaded first charge under a table's
 * header rule, OCR'd as "Enology Sharpes oe Lanne"): the charges above the total may not end there.
 */
function unreadLine(line: Line): boolean {
  return line.row.ocr && line.row.meanConfidence < UNREAD_LINE;
}

const SUBTOTAL_RE =
  /\b(sub-?total|zwischensumme|sous-total|subtotale|netto(betrag)?|montant ht|total ht|net amount)\b/i;

interface Item {
  line: Line;
  cell: AmountCell;
}

const signOf = (item: Item) => (PAYMENT_RE.test(item.line.label) && item.cell.value > 0 ? -1 : 1);
const sumOf = (items: readonly Item[]) => items.reduce((s, i) => s + signOf(i) * cents(i.cell.value), 0);

/**
 * The lines from a subtotal down, when one of the lines is the sum of all those above it (two at
 * least): a subtotal whatever the bill calls it ("Net amount", "Charges before tax", a word in a
 * language the vocabulary lacks), which a sum over every line would count twice. Only a subtotal
 * that holds is read so: an edited charge or subtotal leaves no line summing the ones above it.
 */
function belowSubtotal(items: readonly Item[]): Item[] | null {
  for (let k = items.length - 1; k >= 2; k--) {
    const above = items.slice(0, k);
    if (Math.abs(sumOf(above) - cents((items[k] as Item).cell.value)) <= above.length) return items.slice(k);
  }
  return null;
}

/** `above`: every line printed above the total on its page; `stop`: the line the charges end at. */
function totalFinding(total: Line, charges: Line[], above: Line[], stop: Line | undefined): Finding | null {
  if (charges.length < 2) return null;
  const totalCell = total.cells.at(-1) as AmountCell;
  if (stop && (unreadChargeIn(stop, totalCell) || unreadLine(stop))) return null;
  let items = charges.flatMap((line) => {
    const cell = [...line.cells].reverse().find((c) => sameColumn(c, totalCell));
    return cell ? [{ line, cell }] : [];
  });
  // A total set apart in the charges' column (bold at the cell's left, under amounts at its right);
  // the column's span is read from every row of the page with an amount in it.
  const lasts = charges.map((line) => line.cells.at(-1) as AmountCell);
  const table = above.filter((l) => l.cells.some((c) => sameColumn(c, lasts[0] as AmountCell))).map((l) => l.row);
  // A figure under its caption stands apart from the charges: their one column is what it totals.
  const aligned = lasts.length > 0 && lasts.every((c) => sameColumn(c, lasts[0] as AmountCell));
  if (items.length === 0 && (inColumnOf(totalCell, lasts, table) || (total.boxed && aligned)))
    items = charges.map((line, k) => ({ line, cell: lasts[k] as AmountCell }));
  // A single line above a total is a heading's amount or a repeat, not a sum; and a sum missing
  // a line whose amount sits elsewhere proves nothing.
  if (items.length < 2 || items.length < charges.length) return null;
  const sum = sumOf(items);
  const residual = sum - cents(totalCell.value);
  if (Math.abs(residual) <= items.length) return null;
  const below = belowSubtotal(items);
  if (below && Math.abs(sumOf(below) - cents(totalCell.value)) <= below.length) return null;
  const cells = [totalCell, ...items.map((i) => i.cell)];
  const terms: Term[] = [
    { cell: totalCell, sign: -1 },
    ...items.map((i): Term => ({ cell: i.cell, sign: signOf(i) as 1 | -1 })),
  ];
  const fromOcr = total.row.ocr || items.some((i) => i.line.row.ocr);
  const weight = weighBreak(cells, fromOcr, ocrRepair(residual, terms));
  return {
    check: "content.bill_total",
    severity: weight.severity,
    score: weight.score,
    message: `The ${items.length} charges above "${total.label.slice(0, 40)}" add up to ${money(sum)} but the bill states ${totalCell.raw} (off by ${money(residual)}); ${weight.reason}.`,
    page: total.row.page,
    region: unionRegion(cells.map((c) => c.region)),
    evidence: {
      total_label: total.label,
      stated: totalCell.value,
      computed: sum / 100,
      difference: residual / 100,
      lines: items.map((i) => ({ label: i.line.label, amount: signOf(i) * Math.abs(i.cell.value) })),
      ...readingEvidence(cells, fromOcr),
      ...repairEvidence(weight),
    },
  };
}
