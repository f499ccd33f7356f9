// A payslip total against the item lines it should be the sum of.
import type { Finding } from "../../types";
import type { AmountCell } from "./amount-cells";
import { type Term, ocrRepair, weighBreak } from "./ocr-noise";
import { cents } from "./parse-amount";
import { type TextRow, unionRegion } from "./text-rows";

export interface Line {
  row: TextRow;
  cells: AmountCell[];
  label: string;
}

export const money = (c: number) => (c / 100).toFixed(2);

export function sumFinding(
  kind: "earnings" | "deductions",
  total: Line,
  totalCell: AmountCell,
  items: Array<{ line: Line; cell: AmountCell }>,
): Finding | null {
  const sum = items.reduce((s, i) => s + cents(i.cell.value), 0);
  const residual = sum - cents(totalCell.value);
  if (Math.abs(residual) <= items.length) return null;
  const cells = [totalCell, ...items.map((i) => i.cell)];
  const fromOcr = total.row.ocr || items.some((i) => i.line.row.ocr);
  const exactLine = items.find((i) => Math.abs(cents(i.cell.value)) === Math.abs(residual));
  const terms: Term[] = [{ cell: totalCell, sign: -1 }, ...items.map((i): Term => ({ cell: i.cell, sign: 1 }))];
  const weight = exactLine
    ? {
        severity: "high" as const,
        score: 0.8,
        reason: `the difference is exactly the line "${exactLine.line.label}" (${exactLine.cell.raw}), a line added or removed without updating the total`,
      }
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
