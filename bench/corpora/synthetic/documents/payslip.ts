// Payslips whose arithmetic holds: earnings add up to gross, deductions to their total, and
// gross − deductions = net. The sum tamper edits one printed amount, as forgers inflate net pay.
import { A4, line, rect, text, type Element } from "../layout";
import {
  CITIES,
  EMPLOYERS,
  STREETS,
  addDays,
  formatAmount,
  formatDate,
  randomDate,
  randomPerson,
  roundCents,
} from "../vocabulary";
import {
  domainOf,
  labelValue,
  pickStyle,
  qrPayload,
  qrPng,
  rightText,
  serial,
  wantsCode,
  type DocumentBuilder,
} from "./common";

export const buildPayslip: DocumentBuilder = async (rng, options) => {
  const style = pickStyle(rng, false);
  const employer = rng.pick(EMPLOYERS);
  const employee = randomPerson(rng, 1960, 2003);
  const monthStart = randomDate(rng, "2023-01-01", "2026-09-01").slice(0, 7) + "-01";
  const next = new Date(`${monthStart}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const monthEnd = addDays(next.toISOString().slice(0, 10), -1);
  const payDate = addDays(monthEnd, -rng.int(0, 4));
  const base = roundCents(rng.int(1800, 9500) + rng.int(0, 99) / 100);
  const earnings: Array<[string, number]> = [["Basic salary", base]];
  if (rng.chance(0.5)) earnings.push(["Overtime", roundCents(rng.float(50, 600))]);
  if (rng.chance(0.3)) earnings.push(["Performance bonus", roundCents(rng.float(100, 1500))]);
  if (rng.chance(0.4)) earnings.push(["Transport allowance", roundCents(rng.float(30, 180))]);
  const gross = roundCents(earnings.reduce((s, [, v]) => s + v, 0));
  const deductions: Array<[string, number]> = [
    ["Income tax", roundCents(gross * rng.float(0.12, 0.28))],
    ["Social security", roundCents(gross * rng.float(0.06, 0.1))],
  ];
  if (rng.chance(0.6)) deductions.push(["Pension contribution", roundCents(gross * rng.float(0.03, 0.06))]);
  if (rng.chance(0.5)) deductions.push(["Health insurance", roundCents(rng.float(40, 220))]);
  const totalDeductions = roundCents(deductions.reduce((s, [, v]) => s + v, 0));
  const net = roundCents(gross - totalDeductions);
  let printedNet = net;
  let printedGross = gross;
  let tamperedField: string | undefined;
  if (options.tamper === "sum_mismatch") {
    if (rng.chance(0.6)) {
      printedNet = roundCents(net + rng.pick([500, 1000, 1500, 2000, 900]) + rng.int(0, 99) / 100);
      tamperedField = "net_pay";
    } else {
      printedGross = roundCents(gross + rng.pick([1000, 2000, 750]));
      tamperedField = "gross_pay";
    }
  }
  let codeNet = net;
  if (options.tamper === "code_mismatch") {
    // Net pay edited consistently everywhere on the page (earnings too), but the QR keeps the payroll's figure.
    const bump = rng.pick([800, 1200, 2500]);
    earnings[0] = ["Basic salary", roundCents(base + bump)];
    printedGross = roundCents(gross + bump);
    printedNet = roundCents(net + bump);
    codeNet = net;
    tamperedField = "net_pay";
  }
  const withQr = wantsCode(rng, options, 0.3);
  const period = `${formatDate(monthStart, style.dateStyle)} – ${formatDate(monthEnd, style.dateStyle)}`;
  const employeeId = serial(rng, 1, 6);

  const W = A4.width;
  const M = 48;
  const els: Element[] = [];
  els.push(rect(M, 40, W - 2 * M, 56, { fill: style.accentColor }));
  els.push(text(M + 14, 66, employer, 16, style.bold, { color: "#ffffff", field: "employer" }));
  els.push(
    text(M + 14, 84, `${rng.int(1, 220)} ${rng.pick(STREETS)}, ${rng.pick(CITIES)}`, 9, style.regular, {
      color: "#ffffff",
    }),
  );
  els.push(
    rightText(W - M - 14, 72, rng.pick(["PAYSLIP", "PAY STATEMENT", "SALARY SLIP"]), 18, style.bold, {
      color: "#ffffff",
    }),
  );
  let y = 130;
  const col2 = W / 2 + 10;
  els.push(...labelValue(M, y, "Employee:", employee.full, style, 10, "employee"));
  els.push(...labelValue(col2, y, "Pay period:", period, style, 10, "pay_period"));
  y += 18;
  els.push(...labelValue(M, y, "Employee ID:", employeeId, style, 10));
  els.push(...labelValue(col2, y, "Pay date:", formatDate(payDate, style.dateStyle), style, 10, "issue_date"));
  y += 18;
  els.push(...labelValue(M, y, "Tax code:", `${rng.int(1000, 1300)}L`, style, 10));
  els.push(...labelValue(col2, y, "Payment:", `Bank transfer ****${rng.int(1000, 9999)}`, style, 10));
  y += 34;
  // Three layouts payroll systems commonly print: stacked tables, stacked with year-to-date
  // columns, or one combined table with earnings and deductions columns.
  const variant = rng.pick(["stacked", "stacked-ytd", "combined"] as const);
  const monthsElapsed = Number(monthStart.slice(5, 7));
  const ytd = (v: number) => roundCents(v * monthsElapsed);
  const amountX = W - M - 8;
  const ytdX = W - M - 8;
  const currentX = variant === "stacked-ytd" ? W - M - 120 : amountX;
  const table = (
    title: string,
    rows: Array<[string, number]>,
    totalLabel: string,
    total: number,
    totalField: string,
  ) => {
    els.push(rect(M, y - 13, W - 2 * M, 18, { fill: "#e9ecef" }));
    els.push(text(M + 8, y, title, 10, style.bold, { color: style.ink }));
    els.push(
      rightText(currentX, y, variant === "stacked-ytd" ? "This period" : "Amount", 10, style.bold, {
        color: style.ink,
      }),
    );
    if (variant === "stacked-ytd") els.push(rightText(ytdX, y, "Year to date", 10, style.bold, { color: style.ink }));
    y += 20;
    for (const [label, value] of rows) {
      els.push(text(M + 8, y, label, 10, style.regular, { color: style.ink, tag: "line_item" }));
      els.push(
        rightText(currentX, y, formatAmount(value), 10, style.regular, { color: style.ink, tag: "line_amount" }),
      );
      if (variant === "stacked-ytd")
        els.push(rightText(ytdX, y, formatAmount(ytd(value)), 10, style.regular, { color: style.muted }));
      y += 16;
    }
    els.push(line(M, y - 9, W - M, y - 9, "#999999", 0.6));
    y += 4;
    els.push(text(M + 8, y, totalLabel, 10, style.bold, { color: style.ink }));
    els.push(rightText(currentX, y, formatAmount(total), 10, style.bold, { color: style.ink, field: totalField }));
    if (variant === "stacked-ytd")
      els.push(
        rightText(ytdX, y, formatAmount(roundCents(rows.reduce((s, [, v]) => s + ytd(v), 0))), 10, style.bold, {
          color: style.muted,
        }),
      );
    y += 34;
  };
  if (variant === "combined") {
    const earnX = W - M - 110;
    els.push(rect(M, y - 13, W - 2 * M, 18, { fill: "#e9ecef" }));
    els.push(text(M + 8, y, "Description", 10, style.bold, { color: style.ink }));
    els.push(rightText(earnX, y, "Earnings", 10, style.bold, { color: style.ink }));
    els.push(rightText(amountX, y, "Deductions", 10, style.bold, { color: style.ink }));
    y += 20;
    for (const [label, value] of earnings) {
      els.push(text(M + 8, y, label, 10, style.regular, { color: style.ink, tag: "line_item" }));
      els.push(rightText(earnX, y, formatAmount(value), 10, style.regular, { color: style.ink, tag: "line_amount" }));
      y += 16;
    }
    for (const [label, value] of deductions) {
      els.push(text(M + 8, y, label, 10, style.regular, { color: style.ink, tag: "line_item" }));
      els.push(rightText(amountX, y, formatAmount(value), 10, style.regular, { color: style.ink, tag: "line_amount" }));
      y += 16;
    }
    els.push(line(M, y - 9, W - M, y - 9, "#999999", 0.6));
    y += 4;
    els.push(text(M + 8, y, "Totals", 10, style.bold, { color: style.ink }));
    els.push(rightText(earnX, y, formatAmount(printedGross), 10, style.bold, { color: style.ink, field: "gross_pay" }));
    els.push(
      rightText(amountX, y, formatAmount(totalDeductions), 10, style.bold, {
        color: style.ink,
        field: "total_deductions",
      }),
    );
    y += 40;
  } else {
    table("Earnings", earnings, "Gross pay", printedGross, "gross_pay");
    table("Deductions", deductions, "Total deductions", totalDeductions, "total_deductions");
  }
  els.push(rect(M, y - 16, W - 2 * M, 26, { stroke: style.accentColor, lineWidth: 1.2 }));
  els.push(text(M + 8, y + 2, "NET PAY", 12, style.bold, { color: style.ink }));
  els.push(
    rightText(W - M - 8, y + 2, formatAmount(printedNet), 12, style.bold, { color: style.ink, field: "net_pay" }),
  );
  y += 50;
  // Consistent with the year-to-date column when there is one: the earnings' YTD figures summed.
  els.push(
    text(
      M,
      y,
      `Year to date gross: ${formatAmount(roundCents(earnings.reduce((sum, [, v]) => sum + ytd(v), 0)))}`,
      9,
      style.regular,
      { color: style.muted },
    ),
  );
  els.push(
    text(M, 790, "This payslip is computer generated and does not require a signature.", 8, style.regular, {
      color: style.muted,
    }),
  );
  let codePayload: string | undefined;
  if (withQr) {
    codePayload = qrPayload(rng, domainOf(employer), employeeId, {
      employee: employee.full,
      period: monthStart.slice(0, 7),
      gross: gross.toFixed(2),
      net: codeNet.toFixed(2),
    });
    els.push({ kind: "image", x: W - M - 70, y: 720, width: 70, height: 70, png: await qrPng(codePayload), tag: "qr" });
  }
  return {
    layout: { ...A4, background: "#ffffff", pages: [{ elements: els }] },
    fields: {
      employer,
      employee: employee.full,
      holder_name: employee.full,
      pay_period: `${monthStart}/${monthEnd}`,
      issue_date: payDate,
      gross_pay: printedGross,
      total_deductions: totalDeductions,
      net_pay: printedNet,
    },
    codePayload,
    tamperedField,
    dpi: 300,
  };
};
