// Payslip arithmetic: earning lines add up to gross pay, deduction lines to total deductions, and
// gross − deductions = net. Forgers raise one figure (the basic salary, the net pay) and leave the
// others, so the sums stop adding up.
import type { DocumentContext, PageImage } from "../../context";
import type { Finding } from "../../types";
import { type AmountCell, amountCells, rowLabel, sameColumn } from "./amount-cells";
import { type Term, ocrRepair, weighBreak } from "./ocr-noise";
import { cents } from "./parse-amount";
import { type TextRow, rowsOfPage, unionRegion } from "./text-rows";

export const GROSS_RE =
  /\b(total\s+)?gross(\s+(pay|salary|earnings|wages|income|amount))?\b|\btotal\s+(earnings|payments|remuneration|income)\b|\bbrutto|\bsalaire\s+brut\b/i;
export const DEDUCTIONS_TOTAL_RE =
  /\btotal\s+(deductions?|withholdings|taxes\s+(and|&)\s+deductions)\b|\bdeductions?\s+total\b|\btotal\s+(des\s+)?retenues\b|\babz(ü|ue)ge\s+gesamt\b/i;
export const NET_RE = /\bnet\s*(pay|salary|amount|wages?|earnings|income|payment|à\s+payer)?\b|\btake[\s-]?home\b|\bnetto|\bamount\s+(paid|payable)\b/i;
// Whole-label matches: "Income tax" is a deduction line, not the "Income" header.
const EARNINGS_HEADER_RE = /^(earnings|payments|income|pay\s+elements|remuneration|gains|bez(ü|ue)ge)\s*:?$/i;
const DEDUCTIONS_HEADER_RE = /^(deductions?|withholdings|taxes\s+(and|&)\s+deductions|retenues|abz(ü|ue)ge)\s*:?$/i;
/** Lines paid outside gross and deductions (expenses, advances), which legitimately move net pay. */
const ADDITION_RE = /reimburs|expenses|refund|advance|non[-\s]?taxable|adjustment|addition/i;
const YTD_RE = /\b(ytd|year\s+to\s+date|cumul)/i;

interface Line {
  row: TextRow;
  cells: AmountCell[];
  label: string;
}

const isTotal = (label: string) => GROSS_RE.test(label) || DEDUCTIONS_TOTAL_RE.test(label) || NET_RE.test(label);
const isHeader = (label: string) => EARNINGS_HEADER_RE.test(label) || DEDUCTIONS_HEADER_RE.test(label);

/**
 * Blocks of rows to read. Payslips often print earnings and deductions side by side: a header row
 * holding both words splits the page at the deductions header's left edge.
 */
function blocksOfPage(page: PageImage): TextRow[][] {
  const rows = rowsOfPage(page);
  for (const row of rows) {
    const deductions = row.items.find((i) => DEDUCTIONS_HEADER_RE.test(i.text.trim()));
    const earnings = row.items.find((i) => EARNINGS_HEADER_RE.test(i.text.trim()));
    if (deductions && earnings && deductions.x > earnings.x + earnings.width) {
      const split = deductions.x - 0.01;
      return [
        rowsOfPage({ page: page.page, text: page.text.filter((t) => t.x < split) }),
        rowsOfPage({ page: page.page, text: page.text.filter((t) => t.x >= split) }),
      ];
    }
  }
  return [rows];
}

function linesOf(rows: TextRow[]): Line[] {
  return rows.map((row) => {
    const cells = amountCells(row);
    return { row, cells, label: rowLabel(row, cells) };
  });
}

/** Contiguous item lines right above a total line (stopping at headers, blank rows and totals). */
function itemsAbove(lines: Line[], index: number): Line[] {
  const out: Line[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i] as Line;
    if (line.cells.length === 0 || isTotal(line.label) || isHeader(line.label)) break;
    out.unshift(line);
  }
  return out;
}

const money = (c: number) => (c / 100).toFixed(2);

function sumFinding(kind: "earnings" | "deductions", total: Line, totalCell: AmountCell, items: Array<{ line: Line; cell: AmountCell }>): Finding | null {
  const sum = items.reduce((s, i) => s + cents(i.cell.value), 0);
  const residual = sum - cents(totalCell.value);
  if (Math.abs(residual) <= items.length) return null;
  const cells = [totalCell, ...items.map((i) => i.cell)];
  const fromOcr = total.row.ocr || items.some((i) => i.line.row.ocr);
  const exactLine = items.find((i) => Math.abs(cents(i.cell.value)) === Math.abs(residual));
  const terms: Term[] = [{ cell: totalCell, sign: -1 }, ...items.map((i): Term => ({ cell: i.cell, sign: 1 }))];
  const weight = exactLine
    ? { severity: "high" as const, score: 0.8, reason: `the difference is exactly the line "${exactLine.line.label}" (${exactLine.cell.raw}), a line added or removed without updating the total` }
    : weighBreak(cells, fromOcr, ocrRepair(residual, terms));
  const stated = kind === "earnings" ? "gross pay" : "total deductions";
  return {
    check: "content.payslip_sum",
    severity: weight.severity,
    score: weight.score,
    message: `The ${kind} lines add up to ${money(sum)} but the ${stated} reads ${totalCell.raw} (off by ${money(residual)}); ${weight.reason}.`,
    page: total.row.page,
    region: unionRegion(cells.map((c) => c.region)),
    evidence: {
      total_label: total.label,
      stated: totalCell.value,
      computed: sum / 100,
      difference: residual / 100,
      lines: items.map((i) => ({ label: i.line.label, amount: i.cell.value })),
    },
  };
}

/** Checks each column of a total row against the item lines above it. */
function sectionFindings(lines: Line[], totalIndex: number, kind: "earnings" | "deductions"): Finding[] {
  const total = lines[totalIndex] as Line;
  const items = itemsAbove(lines, totalIndex);
  if (items.length === 0) return [];
  const out: Finding[] = [];
  for (const totalCell of total.cells) {
    const aligned = items.flatMap((line) => {
      const cell = line.cells.find((c) => sameColumn(c, totalCell));
      return cell ? [{ line, cell }] : [];
    });
    if (aligned.length === 0) continue;
    const finding = sumFinding(kind, total, totalCell, aligned);
    if (finding) out.push(finding);
  }
  return out;
}

interface Totals {
  gross?: { line: Line; cell: AmountCell };
  deductions?: { line: Line; cell: AmountCell };
  net?: { line: Line; cell: AmountCell };
}

/** The current-period amount of a total line: the first one not under a year-to-date header. */
function currentCell(line: Line, ytdColumns: Array<Pick<AmountCell, "region" | "right">>): AmountCell | undefined {
  return line.cells.find((c) => !ytdColumns.some((y) => sameColumn(y, c))) ?? line.cells[0];
}

function identityFinding(totals: Totals, otherAmounts: number[]): Finding | null {
  const { gross, deductions, net } = totals;
  if (!gross || !deductions || !net) return null;
  const residual = cents(gross.cell.value) - cents(Math.abs(deductions.cell.value)) - cents(net.cell.value);
  if (Math.abs(residual) <= 2) return null;
  const cells = [gross.cell, deductions.cell, net.cell];
  const fromOcr = [gross, deductions, net].some((t) => t.line.row.ocr);
  // Reimbursements and other non-taxable additions sit outside gross and deductions.
  const explained = otherAmounts.find((a) => Math.abs(cents(a)) === Math.abs(residual));
  const weight =
    explained !== undefined
      ? { severity: "low" as const, score: 0.15, reason: `the difference equals another amount on the payslip (${explained.toFixed(2)}), a payment outside gross and deductions` }
      : weighBreak(cells, fromOcr, ocrRepair(residual, [
          { cell: gross.cell, sign: 1 },
          { cell: deductions.cell, sign: deductions.cell.value < 0 ? 1 : -1 },
          { cell: net.cell, sign: -1 },
        ]));
  return {
    check: "content.payslip_net",
    severity: weight.severity,
    score: weight.score,
    message: `Gross pay ${gross.cell.raw} minus deductions ${deductions.cell.raw} is ${money(residual + cents(net.cell.value))}, but the net pay reads ${net.cell.raw}; ${weight.reason}.`,
    page: net.line.row.page,
    region: unionRegion(cells.map((c) => c.region)),
    evidence: {
      gross: gross.cell.value,
      deductions: deductions.cell.value,
      net: net.cell.value,
      expected_net: (residual + cents(net.cell.value)) / 100,
      difference: residual / 100,
    },
  };
}

export function payslipFindings(ctx: DocumentContext): Finding[] {
  const out: Finding[] = [];
  const totals: Totals = {};
  const additions: number[] = [];
  for (const page of ctx.pages) {
    const ytdHeaders = rowsOfPage(page)
      .flatMap((r) => r.spans)
      .filter((s) => YTD_RE.test(s.item.text))
      .map((s) => ({ region: s.item, right: s.item.x + s.item.width }));
    for (const block of blocksOfPage(page)) {
      const lines = linesOf(block);
      lines.forEach((line, i) => {
        if (ADDITION_RE.test(line.label)) additions.push(...line.cells.map((c) => c.value));
        if (line.cells.length === 0) return;
        const cell = currentCell(line, ytdHeaders);
        if (!cell) return;
        if (DEDUCTIONS_TOTAL_RE.test(line.label)) {
          out.push(...sectionFindings(lines, i, "deductions"));
          totals.deductions ??= { line, cell };
        } else if (GROSS_RE.test(line.label)) {
          out.push(...sectionFindings(lines, i, "earnings"));
          totals.gross ??= { line, cell };
        } else if (NET_RE.test(line.label)) {
          totals.net ??= { line, cell };
        }
      });
    }
  }
  const identity = identityFinding(totals, additions);
  if (identity) out.push(identity);
  return out;
}
