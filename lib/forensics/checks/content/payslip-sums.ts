// A payslip total against the item lines it should be the sum of.
import type { Finding } from "../../types";
import type { AmountCell } from "./amount-cells";
import { type Term, capByReading, ocrRepair, readingEvidence, repairEvidence, weighBreak } from "./ocr-noise";
import { cents } from "./parse-amount";
import { unionRegion } from "../../region";
import type { TextRow } from "./text-rows";

export interface Line {
  row: TextRow;
  cells: AmountCell[];
  label: string;
}

export const money = (c: number) => (c / 100).toFixed(2);

interface Reading {
  items: Array<{ line: Line; cell: AmountCell }>;
  /** −1 when the lines are printed negative under a total printed without its sign. */
  sign: 1 | -1;
  residual: number;
}

/**
 * The reading of the item lines that makes up the total, else the one to report. A single amount
 * column often prints deductions as negative lines among the earnings ("Income tax -642.10"):
 * gross pay is then the positive lines and total deductions the negative ones, the reading
 * reported when nothing adds up. A negative line can also be an adjustment inside gross
 * ("Unpaid leave -150.00"), so the signed sum of every line is accepted too.
 */
function reading(
  kind: "earnings" | "deductions",
  totalCell: AmountCell,
  items: Array<{ line: Line; cell: AmountCell }>,
): Reading {
  const ownSign = items.filter((i) => (kind === "earnings" ? i.cell.value > 0 : i.cell.value < 0));
  const mixed = ownSign.length > 0 && ownSign.length < items.length;
  const readings = (mixed ? [items, ownSign] : [items]).map((subset): Reading => {
    const sum = subset.reduce((s, i) => s + cents(i.cell.value), 0);
    const sign = sum * totalCell.value < 0 ? -1 : 1;
    return { items: subset, sign, residual: sign * sum - cents(totalCell.value) };
  });
  return readings.find((r) => balanced(r)) ?? (readings[readings.length - 1] as Reading);
}

/** Within a cent of rounding per line. */
const balanced = (r: Reading) => Math.abs(r.residual) <= r.items.length;

export function sumFinding(
  kind: "earnings" | "deductions",
  total: Line,
  totalCell: AmountCell,
  lines: Array<{ line: Line; cell: AmountCell }>,
): Finding | null {
  const read = reading(kind, totalCell, lines);
  if (balanced(read)) return null;
  const { items, sign, residual } = read;
  const sum = sign * items.reduce((s, i) => s + cents(i.cell.value), 0);
  const cells = [totalCell, ...items.map((i) => i.cell)];
  const fromOcr = total.row.ocr || items.some((i) => i.line.row.ocr);
  const exactLine = items.find((i) => Math.abs(cents(i.cell.value)) === Math.abs(residual));
  // Among signed lines, a deduction whose thin minus OCR lost reads as one more earning.
  const lostMinus = fromOcr && items.length < lines.length && exactLine && !exactLine.cell.negative && residual > 0;
  const terms: Term[] = [{ cell: totalCell, sign: -1 }, ...items.map((i): Term => ({ cell: i.cell, sign }))];
  const weight = lostMinus
    ? {
        severity: "low" as const,
        score: 0.2,
        reason: `reading "${exactLine.cell.raw}" as "-${exactLine.cell.raw}" (a lost minus sign) would make it add up, so it may be an OCR misread`,
      }
    : exactLine
      ? capByReading(
          {
            severity: "high" as const,
            score: 0.8,
            reason: `the difference is exactly the line "${exactLine.line.label}" (${exactLine.cell.raw}), a line added or removed without updating the total`,
          },
          cells,
        )
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
      ...readingEvidence(cells, fromOcr),
      ...repairEvidence(weight),
    },
  };
}
