// Payslip arithmetic: earning lines add up to gross pay, deduction lines to total deductions, and
// gross − deductions = net. Forgers raise one figure (the basic salary, the net pay) and leave the
// others, so the sums stop adding up.
import type { DocumentContext, PageImage } from "../../context";
import type { Finding, Region } from "../../types";
import { type AmountCell, amountCells, rowLabel, sameColumn } from "./amount-cells";
import {
  DOUBTFUL_READING,
  SEVERITY_RANK,
  SURE_READING,
  type Weight,
  lookalikeDeltas,
  ocrRepair,
  readingEvidence,
  repairEvidence,
  weighBreak,
} from "./ocr-noise";
import { cents } from "./parse-amount";
import { columnLayout } from "./payslip-columns";
import {
  ADDITION_RE,
  DEDUCTIONS_HEADER_RE,
  DEDUCTIONS_TOTAL_RE,
  DEDUCTION_LINE_RE,
  EARNINGS_HEADER_RE,
  GROSS_RE,
  NET_RE,
  NOT_DEDUCTION_RE,
  YTD_RE,
} from "./payslip-labels";
import { type Line, money, sumFinding } from "./payslip-sums";
import { unionRegion } from "../../region";
import { type TextRow, ruleRow, rowsOfPage } from "./text-rows";

export { GROSS_RE, NET_RE } from "./payslip-labels";

/** A total that says only that it is one: which total is the section's (its heading above). */
const BARE_TOTAL_RE = /^(totals?|sum|summe|gesamt|totale?|sub-?total)\s*:?$/i;
const isTotal = (label: string) =>
  GROSS_RE.test(label) || DEDUCTIONS_TOTAL_RE.test(label) || NET_RE.test(label) || BARE_TOTAL_RE.test(label);
const isHeader = (label: string) => EARNINGS_HEADER_RE.test(label) || DEDUCTIONS_HEADER_RE.test(label);

/**
 * Blocks of rows to read. Payslips often print earnings and deductions side by side: a header row
 * holding both words splits the page at the deductions header's left edge.
 */
function blocksOfPage(page: PageImage): TextRow[][] {
  const rows = rowsOfPage(page);
  for (const [r, row] of rows.entries()) {
    const deductions = row.items.find((i) => DEDUCTIONS_HEADER_RE.test(i.text.trim()));
    const earnings = row.items.find((i) => EARNINGS_HEADER_RE.test(i.text.trim()));
    if (deductions && earnings && deductions.x > earnings.x + earnings.width) {
      const split = deductions.x - 0.01;
      // Side by side only if the deductions have labels of their own under their header; figures
      // alone there are a column of one table whose labels are all at the left. A label is a word
      // read as one: specks and cell borders that OCR turned into letters ("ili" at confidence 8)
      // beside a figure label nothing.
      const labelled = rows
        .slice(r + 1)
        .some((below) =>
          below.items.some(
            (i) =>
              i.x >= split &&
              i.confidence >= DOUBTFUL_READING &&
              /\p{L}{3}/u.test(i.text) &&
              !/^[A-Z]{3}$/.test(i.text.trim()),
          ),
        );
      if (!labelled) continue;
      return [
        rowsOfPage({ page: page.page, text: page.text.filter((t) => t.x < split) }),
        rowsOfPage({ page: page.page, text: page.text.filter((t) => t.x >= split) }),
      ];
    }
  }
  return [rows];
}

function linesOf(rows: TextRow[]): Line[] {
  const lines = rows
    // A table's rule read as a row of its own would end the run of item lines above a total, or
    // stand between gross and net pay as a line without an amount.
    .filter((row) => !ruleRow(row))
    .map((row) => {
      const cells = amountCells(row);
      return { row, cells, label: rowLabel(row, cells) };
    });
  return rejoinTotals(lines);
}

/**
 * On a photographed page the bold total at the far right of a line ("NET PAY … 6,561.25") can
 * land in a row of its own: the page bends, so one tilt does not level both ends of the line.
 * A total label left without an amount takes the amount-only row right beside it, and so does a
 * deduction's label ("Social security" under its figure): what it is says the figure is its own.
 */
function rejoinTotals(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 0; i < out.length; i++) {
    const line = out[i] as Line;
    if (line.cells.length > 0 || !(isTotal(line.label) || isDeductionLabel(line.label))) continue;
    const labelRight = Math.max(...line.row.items.map((t) => t.x + t.width));
    const labelLeft = Math.min(...line.row.items.map((t) => t.x));
    const span = labelRight - labelLeft;
    const orphan = (j: number) => {
      const other = out[j];
      if (!other || other.cells.length === 0 || other.label !== "") return null;
      // Beside the label (a tilted line), or right under it (a figure set under its caption in a box).
      const beside = other.row.region.x > labelRight;
      const under = j === i + 1 && other.row.region.x >= labelLeft - span && other.row.region.x <= labelRight + span;
      return beside || under ? other : null;
    };
    const candidates = [i + 1, i - 1].filter((j) => orphan(j));
    const j = candidates.sort(
      (a, b) => Math.abs((out[a] as Line).row.y - line.row.y) - Math.abs((out[b] as Line).row.y - line.row.y),
    )[0];
    if (j === undefined) continue;
    const amounts = out[j] as Line;
    if (Math.abs(amounts.row.y - line.row.y) > 2 * line.row.region.height) continue;
    out[i] = { row: amounts.row, cells: amounts.cells, label: line.label };
    out.splice(j, 1);
    if (j < i) i--;
  }
  return out;
}

/** An OCR'd item line whose amount did not read as one ("1139124", "57.8:517;"). */
const garbled = (line: Line) =>
  line.cells.length === 0 && line.row.ocr && /\d/.test(line.row.text) && /[A-Za-z]{3}/.test(line.label);

/**
 * Contiguous item lines right above a total line (stopping at headers, blank rows and totals),
 * and whether one of them could not be read: a sum missing an item proves nothing.
 */
function itemsAbove(lines: Line[], index: number): { items: Line[]; incomplete: boolean } {
  const items: Line[] = [];
  let incomplete = false;
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i] as Line;
    if (isTotal(line.label) || isHeader(line.label)) break;
    if (garbled(line)) {
      incomplete = true;
      continue;
    }
    if (line.cells.length === 0) break;
    items.unshift(line);
  }
  return { items, incomplete };
}

/** Checks each column of a total row against the item lines above it. */
function sectionFindings(lines: Line[], totalIndex: number, kind: "earnings" | "deductions"): Finding[] {
  const total = lines[totalIndex] as Line;
  const { items, incomplete } = itemsAbove(lines, totalIndex);
  if (items.length === 0 || incomplete) return [];
  const out: Finding[] = [];
  for (const totalCell of total.cells) {
    const aligned = items.flatMap((line) => {
      const cell = line.cells.find((c) => sameColumn(c, totalCell));
      return cell ? [{ line, cell }] : [];
    });
    // On a photo an OCR'd amount can drift out of its column; a sum without it proves nothing.
    if (aligned.length === 0 || (aligned.length < items.length && items.some((l) => l.row.ocr))) continue;
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
      ? {
          severity: "low" as const,
          score: 0.15,
          reason: `the difference equals another amount on the payslip (${explained.toFixed(2)}), a payment outside gross and deductions`,
        }
      : weighBreak(
          cells,
          fromOcr,
          ocrRepair(residual, [
            { cell: gross.cell, sign: 1 },
            { cell: deductions.cell, sign: deductions.cell.value < 0 ? 1 : -1 },
            { cell: net.cell, sign: -1 },
          ]),
        );
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
      ...readingEvidence(cells, fromOcr),
      ...repairEvidence(weight),
    },
  };
}

/**
 * Whether the one line of `cells` printed without a minus may be a deduction whose minus OCR lost:
 * read by OCR unsurely (the thin mark missed is a mark of an unsure reading), among deductions
 * read negative, and smaller than gross pay. A line read surely without its minus, or from a text
 * layer, is what it says: a note, a sub-total, a payment, and the sum is left unread.
 */
function lostMinus(unsigned: AmountCell[], cells: AmountCell[], gross: AmountCell, fromOcr: boolean): boolean {
  const [one] = unsigned;
  return (
    fromOcr &&
    unsigned.length === 1 &&
    cells.length - unsigned.length >= 2 &&
    one !== undefined &&
    one.confidence < SURE_READING &&
    Math.abs(one.value) < Math.abs(gross.value)
  );
}

/**
 * A payslip without a deductions total lists its deductions, each printed negative, between gross
 * and net pay: net = gross + those amounts. Only when every line between them is such a deduction
 * in gross pay's column (a line without one, or a positive one, may be a note or a sub-total).
 */
function listedDeductionsFinding(blocks: Line[][], totals: Totals): Finding | null {
  const { gross, net } = totals;
  if (!gross || !net || totals.deductions) return null;
  for (const lines of blocks) {
    const g = lines.indexOf(gross.line);
    const n = lines.indexOf(net.line);
    if (g < 0 || n <= g + 1) continue;
    const between = lines.slice(g + 1, n);
    // In gross pay's column: a bold net may be set apart from the column's right edge.
    const deductions = between.map((line) => line.cells.find((c) => sameColumn(c, gross.cell)));
    const fromOcr = [gross.line, ...between, net.line].some((l) => l.row.ocr);
    if (deductions.some((c) => !c))
      return fromOcr ? unreadDeductionFinding(lines, g, between, deductions, { gross, net }) : null;
    const cells = deductions as AmountCell[];
    const unminused = (c: AmountCell) => !c.negative || c.value >= 0;
    const positive = cells.filter(unminused);
    // A deduction by its label ("Pension") read unsurely lost its minus as a thin mark is lost; read
    // surely without one, it may be a refund, as a line of any other label may be.
    const unsigned = cells.filter(
      (c, k) =>
        unminused(c) && !(fromOcr && c.confidence < SURE_READING && isDeductionLabel((between[k] as Line).label)),
    );
    if (unsigned.length > 0 && !lostMinus(unsigned, cells, gross.cell, fromOcr)) return null;
    // Every listed line is a deduction: one whose minus OCR lost is subtracted too.
    const residual =
      cents(gross.cell.value) - cells.reduce((sum, c) => sum + cents(Math.abs(c.value)), 0) - cents(net.cell.value);
    if (Math.abs(residual) <= 2) return null;
    // Read as printed, the lines without a minus are additions (a refund): then the sum holds.
    const asPrinted = residual + 2 * positive.reduce((sum, c) => sum + cents(Math.abs(c.value)), 0);
    if (positive.length > 0 && Math.abs(asPrinted) <= 2) return null;
    const terms = [
      { cell: gross.cell, sign: 1 as const },
      ...cells.map((cell) => ({ cell, sign: cell.value < 0 ? (1 as const) : (-1 as const) })),
      { cell: net.cell, sign: -1 as const },
    ];
    const all = [gross.cell, ...cells, net.cell];
    const weighed = weighBreak(all, fromOcr, ocrRepair(residual, terms));
    const bound = fromOcr
      ? netAboveBound(gross.cell, net.cell, between, cells, earningsAgree(lines, g, gross.cell))
      : null;
    const weight =
      bound && SEVERITY_RANK[bound.weight.severity] > SEVERITY_RANK[weighed.severity] ? bound.weight : weighed;
    const expected = residual + cents(net.cell.value);
    return {
      check: "content.payslip_net",
      severity: weight.severity,
      score: weight.score,
      message: `Gross pay ${gross.cell.raw} less the ${cells.length} deductions listed under it (${cells.map((c) => c.raw).join(", ")}) is ${money(expected)}, but the net pay reads ${net.cell.raw}${
        unsigned.length > 0
          ? ` (with "${unsigned[0]!.raw}" taken as a deduction whose minus OCR lost, or as an addition)`
          : ""
      }; ${weight.reason}.`,
      page: net.line.row.page,
      region: unionRegion([gross.cell, net.cell].map((c) => c.region)),
      evidence: {
        gross: gross.cell.value,
        deductions: cells.map((c) => -Math.abs(c.value)),
        net: net.cell.value,
        expected_net: expected / 100,
        difference: residual / 100,
        ...readingEvidence(weight === bound?.weight ? bound.sure : all, fromOcr),
        ...(weight === bound?.weight
          ? { bound: bound.evidence, ...(bound.confirm ? { ocr_confirm: bound.confirm } : {}) }
          : repairEvidence(weight)),
      },
    };
  }
  return null;
}

/**
 * Where OCR left the amount of a line between gross and net pay unread, the sum cannot be done, but
 * the bound still holds if that line is a deduction by its label (a tax, a pension): its amount,
 * whatever it is, only lowers the net further. Any other unread line (a refund, a garbled word)
 * may be a payment, and nothing is said.
 */
function unreadDeductionFinding(
  lines: Line[],
  g: number,
  between: Line[],
  deductions: Array<AmountCell | undefined>,
  totals: Required<Pick<Totals, "gross" | "net">>,
): Finding | null {
  const { gross, net } = totals;
  const unread = between.filter((_, k) => !deductions[k]);
  if (!unread.every((line) => isDeductionLabel(line.label) && !/\d/.test(line.row.text))) return null;
  const read = between.filter((_, k) => deductions[k]);
  const cells = deductions.filter((c): c is AmountCell => c !== undefined);
  const bound = netAboveBound(gross.cell, net.cell, read, cells, earningsAgree(lines, g, gross.cell), unread.length);
  if (!bound) return null;
  return {
    check: "content.payslip_net",
    severity: bound.weight.severity,
    score: bound.weight.score,
    message: `Gross pay ${gross.cell.raw} less the deductions read under it (${cells.map((c) => c.raw).join(", ") || "none"}; ${unread.map((l) => `"${l.label}"`).join(", ")} unread) cannot leave more than ${money(bound.evidence.ceiling * 100)}, but the net pay reads ${net.cell.raw}; ${bound.weight.reason}.`,
    page: net.line.row.page,
    region: unionRegion([gross.cell, net.cell].map((c) => c.region)),
    evidence: {
      gross: gross.cell.value,
      deductions: cells.map((c) => -Math.abs(c.value)),
      unread_deductions: unread.map((l) => l.label),
      net: net.cell.value,
      ...readingEvidence(bound.sure, true),
      bound: bound.evidence,
      ...(bound.confirm ? { ocr_confirm: bound.confirm } : {}),
    },
  };
}

const isDeductionLabel = (label: string) => DEDUCTION_LINE_RE.test(label) && !NOT_DEDUCTION_RE.test(label);

/**
 * Whether the earning lines right above gross pay, in its column, add up to it: then gross pay was
 * read as printed (two figures misread to agree to the cent is no reading error).
 */
function earningsAgree(lines: Line[], g: number, gross: AmountCell): boolean {
  const { items, incomplete } = itemsAbove(lines, g);
  const column = items.map((line) => line.cells.find((c) => sameColumn(c, gross)));
  if (incomplete || column.length === 0 || column.some((c) => !c)) return false;
  const sum = (column as AmountCell[]).reduce((s, c) => s + cents(c.value), 0);
  return Math.abs(sum - cents(gross.value)) <= column.length;
}

interface Bound {
  weight: Weight;
  sure: AmountCell[];
  evidence: Record<string, number>;
  /** The one figure read surely whose look-alike misreading alone would excuse the excess, to read again. */
  confirm?: { figure: { read: string; region: Region }; after: string; sure: Pick<Weight, "severity" | "score"> };
}

/**
 * Deductions only lower the pay: whatever the figures OCR read unsurely say, net pay cannot exceed
 * gross pay less the deductions read surely. Each line between them must be a deduction by its
 * sign or by its label (a tax, a contribution), so no unsure figure can be a payment; and no
 * single look-alike digit in a figure read surely may bring the net back under the bound. Where
 * the net pay still exceeds it, the break rests on figures read surely, however unsure the others.
 */
function netAboveBound(
  gross: AmountCell,
  net: AmountCell,
  between: Line[],
  cells: AmountCell[],
  grossVouched: boolean,
  unread = 0,
): Bound | null {
  const deductions = between.every((line, k) => (cells[k] as AmountCell).negative || isDeductionLabel(line.label));
  // Gross pay its earning lines add up to was read as printed, however unsurely OCR said it read it.
  const grossSure = grossVouched || gross.confidence >= SURE_READING;
  if (!deductions || !grossSure || net.confidence < SURE_READING) return null;
  const surely = cells.filter((c) => c.confidence >= SURE_READING);
  const ceiling = cents(gross.value) - surely.reduce((sum, c) => sum + cents(Math.abs(c.value)), 0);
  const excess = cents(net.value) - ceiling;
  if (excess <= 2) return null;
  // A look-alike reading of net pay or of a sure deduction raises the excess or lowers it by its
  // delta; of gross pay, the other way.
  const excusedBy = [
    ...[net, ...surely].filter((c) => lookalikeDeltas(c).some((d) => excess + d <= 2)),
    ...(grossVouched ? [] : [gross].filter((c) => lookalikeDeltas(c).some((d) => excess - d <= 2))),
  ];
  // Two figures that could each be misread is doubt enough; one is read again alone (reread-figures.ts).
  const [excuse, ...others] = excusedBy;
  if (others.length > 0) return null;
  const sure = [...(grossVouched ? [] : [gross]), net, ...surely];
  const unsure = cells.length - surely.length + unread;
  const reason = `net pay exceeds gross pay less the deductions read surely by ${money(excess)}, and no reading of the ${unsure === 1 ? "one" : unsure} read unsurely or not at all (each a deduction by its sign or its label) can make up for it`;
  const evidence = { ceiling: ceiling / 100, excess: excess / 100, unsure_deductions: unsure };
  if (!excuse) return { weight: { severity: "high", score: 0.7, reason }, sure, evidence };
  const clause = `${reason} unless "${excuse.raw}" was misread for a look-alike digit`;
  return {
    weight: { severity: "medium", score: 0.45, reason: clause },
    sure,
    evidence,
    confirm: {
      figure: { read: excuse.raw, region: excuse.region },
      after: clause,
      sure: { severity: "high", score: 0.7 },
    },
  };
}

export function payslipFindings(ctx: DocumentContext): Finding[] {
  const out: Finding[] = [];
  const totals: Totals = {};
  const additions: number[] = [];
  const blocks: Line[][] = [];
  for (const page of ctx.pages) {
    const ytdHeaders = rowsOfPage(page)
      .flatMap((r) => r.spans)
      .filter((s) => YTD_RE.test(s.item.text))
      .map((s) => ({ region: s.item, right: s.item.x + s.item.width }));
    const columns = columnLayout(rowsOfPage(page));
    if (columns) {
      out.push(...columns.findings);
      if (columns.gross) totals.gross ??= columns.gross;
      if (columns.deductions) totals.deductions ??= columns.deductions;
    }
    for (const block of columns ? [rowsOfPage(page)] : blocksOfPage(page)) {
      const lines = linesOf(block);
      blocks.push(lines);
      // The section a bare "Total" closes: the earnings or the deductions heading above it.
      let section: "earnings" | "deductions" | null = null;
      lines.forEach((line, i) => {
        const heading = (line.label.split("\t")[0] ?? "").trim();
        if (EARNINGS_HEADER_RE.test(heading)) section = "earnings";
        else if (DEDUCTIONS_HEADER_RE.test(heading)) section = "deductions";
        if (ADDITION_RE.test(line.label)) additions.push(...line.cells.map((c) => c.value));
        if (line.cells.length === 0) return;
        const cell = currentCell(line, ytdHeaders);
        if (!cell) return;
        const bare = BARE_TOTAL_RE.test(line.label) ? section : null;
        // A column table was summed column by column above; its rows are not sections.
        if (bare === "deductions" || (bare === null && DEDUCTIONS_TOTAL_RE.test(line.label))) {
          if (!columns) out.push(...sectionFindings(lines, i, "deductions"));
          totals.deductions ??= { line, cell };
        } else if (bare === "earnings" || (bare === null && GROSS_RE.test(line.label))) {
          if (!columns) out.push(...sectionFindings(lines, i, "earnings"));
          totals.gross ??= { line, cell };
        } else if (NET_RE.test(line.label)) {
          totals.net ??= { line, cell };
        }
      });
    }
  }
  const identity = identityFinding(totals, additions) ?? listedDeductionsFinding(blocks, totals);
  if (identity) out.push(identity);
  return out;
}
