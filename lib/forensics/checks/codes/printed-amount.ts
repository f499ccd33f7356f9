// A payslip's gross or net pay as printed on its labelled line ("Gross pay   6,264.49"), for a
// code whose key names that amount when the read stage took no value for it. The line's first
// amount is this period's; a year-to-date line is another figure.
import type { DocumentContext } from "../../context";
import { findAmounts } from "../content/parse-amount";
import { GROSS_RE, NET_RE, YTD_RE } from "../content/payslip-labels";
import { rowsOfDocument } from "../content/text-rows";

const LABELS: Record<string, RegExp> = { gross_pay: GROSS_RE, net_pay: NET_RE };

/** The amount on the first line that starts with the field's label, or null. */
export function printedAmount(ctx: DocumentContext, field: string): number | null {
  const label = LABELS[field];
  if (!label) return null;
  for (const row of rowsOfDocument(ctx.pages)) {
    const m = label.exec(row.text);
    if (!m || m.index > 2 || YTD_RE.test(row.text)) continue;
    const amount = findAmounts(row.text.slice(m.index + m[0].length))[0];
    if (amount) return Math.abs(amount.value);
  }
  return null;
}
