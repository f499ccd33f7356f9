// Bank statements with a running balance on every line (opening + credits − debits).
// The balance tamper edits one amount or one balance, as forgers inflate a salary or a total.
import { A4, line, rect, text, type Element } from "../layout";
import {
  BANKS,
  CITIES,
  EMPLOYERS,
  MERCHANTS,
  STREETS,
  addDays,
  formatAmount,
  formatDate,
  randomDate,
  randomPerson,
  roundCents,
} from "../vocabulary";
import { labelValue, pickStyle, rightText, type DocumentBuilder } from "./common";

interface Transaction {
  date: string;
  description: string;
  debit: number | null;
  credit: number | null;
  balance: number;
}

export const buildStatement: DocumentBuilder = async (rng, options) => {
  const style = pickStyle(rng, false);
  const bank = rng.pick(BANKS);
  const holder = randomPerson(rng, 1955, 2003);
  const start = randomDate(rng, "2023-01-01", "2026-08-01").slice(0, 7) + "-01";
  const endD = new Date(`${start}T00:00:00Z`);
  endD.setUTCMonth(endD.getUTCMonth() + 1);
  const end = addDays(endD.toISOString().slice(0, 10), -1);
  const iban = `${rng.pick(["GB", "DE", "FR", "NL", "ES"])}${rng.int(10, 99)} ${Array.from({ length: 4 }, () => String(rng.int(1000, 9999))).join(" ")} ${rng.int(10, 99)}`;
  const opening = roundCents(rng.float(150, 12000));
  const count = rng.int(10, 36);
  const days = Array.from({ length: count }, () => rng.int(0, 27)).sort((a, b) => a - b);
  const salaryIndex = rng.int(0, count - 1);
  const employer = rng.pick(EMPLOYERS);
  let balance = opening;
  const txs: Transaction[] = days.map((d, i) => {
    const isSalary = i === salaryIndex;
    const isCredit = isSalary || rng.chance(0.12);
    const amount = isSalary
      ? roundCents(rng.float(1800, 6500))
      : isCredit
        ? roundCents(rng.float(10, 400))
        : roundCents(rng.float(2, 180));
    balance = roundCents(balance + (isCredit ? amount : -amount));
    return {
      date: addDays(start, d),
      description: isSalary
        ? `SALARY ${employer.toUpperCase()}`
        : isCredit
          ? `TRANSFER FROM ${rng.pick(["J. DOE", "SAVINGS", "REFUND", "A. SMITH"])}`
          : `CARD ${rng.pick(MERCHANTS)}`,
      debit: isCredit ? null : amount,
      credit: isCredit ? amount : null,
      balance,
    };
  });
  let closing = balance;
  let tamperedField: string | undefined;
  if (options.tamper === "balance_break") {
    const mode = rng.int(0, 2);
    const i = rng.int(0, count - 1);
    const tx = txs[i] as Transaction;
    if (mode === 0 && txs[salaryIndex]) {
      // Salary credit inflated; balances left as they were.
      const s = txs[salaryIndex] as Transaction;
      s.credit = roundCents((s.credit ?? 0) + rng.pick([1000, 2500, 4000]));
      tamperedField = "transaction_amount";
    } else if (mode === 1) {
      tx.balance = roundCents(tx.balance + rng.pick([1000, 5000, 10000]));
      tamperedField = "running_balance";
    } else {
      closing = roundCents(closing + rng.pick([2000, 5000, 15000]));
      tamperedField = "closing_balance";
    }
  }

  const W = A4.width;
  const M = 44;
  const pages: Array<{ elements: Element[] }> = [];
  let els: Element[] = [];
  const header = (pageNo: number) => {
    els.push(text(M, 60, bank, 18, style.bold, { color: style.accentColor, field: "institution" }));
    els.push(rightText(W - M, 60, "Account statement", 12, style.regular, { color: style.muted }));
    els.push(line(M, 70, W - M, 70, style.accentColor, 1.5));
    els.push(rightText(W - M, 820, `Page ${pageNo}`, 8, style.regular, { color: style.muted }));
  };
  header(1);
  let y = 100;
  els.push(text(M, y, holder.full, 11, style.bold, { color: style.ink, field: "holder_name" }));
  els.push(text(M, y + 14, `${rng.int(1, 300)} ${rng.pick(STREETS)}`, 9, style.regular, { color: style.ink }));
  els.push(text(M, y + 26, rng.pick(CITIES), 9, style.regular, { color: style.ink }));
  const col2 = W / 2 + 20;
  els.push(...labelValue(col2, y, "Account:", iban, style, 9, "account_number"));
  els.push(
    ...labelValue(
      col2,
      y + 14,
      "Period:",
      `${formatDate(start, style.dateStyle)} – ${formatDate(end, style.dateStyle)}`,
      style,
      9,
      "statement_period",
    ),
  );
  els.push(...labelValue(col2, y + 28, "Opening balance:", formatAmount(opening), style, 9, "opening_balance"));
  y = 160;
  // Banks print either separate debit and credit columns or one signed amount column.
  const signed = rng.chance(0.4);
  const cols = {
    date: M + 4,
    desc: M + 80,
    debit: W - M - 150,
    credit: W - M - 75,
    amount: W - M - 95,
    balance: W - M - 4,
  };
  const tableHeader = () => {
    els.push(rect(M, y - 12, W - 2 * M, 17, { fill: "#e8ecf0" }));
    els.push(text(cols.date, y, "Date", 9, style.bold, { color: style.ink }));
    els.push(text(cols.desc, y, "Description", 9, style.bold, { color: style.ink }));
    if (signed) els.push(rightText(cols.amount, y, "Amount", 9, style.bold, { color: style.ink }));
    else {
      els.push(
        rightText(cols.debit, y, rng.pick(["Debit", "Money out", "Withdrawals"]), 9, style.bold, { color: style.ink }),
      );
      els.push(
        rightText(cols.credit, y, rng.pick(["Credit", "Money in", "Deposits"]), 9, style.bold, { color: style.ink }),
      );
    }
    els.push(rightText(cols.balance, y, "Balance", 9, style.bold, { color: style.ink }));
    y += 18;
  };
  tableHeader();
  els.push(text(cols.desc, y, "OPENING BALANCE", 9, style.regular, { color: style.ink }));
  els.push(rightText(cols.balance, y, formatAmount(opening), 9, style.regular, { color: style.ink, tag: "balance" }));
  y += 14;
  const dateStyle = style.dateStyle === "long" || style.dateStyle === "mdy-long" ? "dmy" : style.dateStyle;
  for (const tx of txs) {
    if (y > 780) {
      pages.push({ elements: els });
      els = [];
      header(pages.length + 1);
      y = 100;
      tableHeader();
    }
    els.push(
      text(cols.date, y, formatDate(tx.date, dateStyle), 9, style.regular, { color: style.ink, tag: "tx_date" }),
    );
    els.push(text(cols.desc, y, tx.description, 9, style.regular, { color: style.ink }));
    if (signed) {
      const value = tx.debit !== null ? `-${formatAmount(tx.debit)}` : `+${formatAmount(tx.credit ?? 0)}`;
      els.push(rightText(cols.amount, y, value, 9, style.regular, { color: style.ink, tag: "amount" }));
    } else {
      if (tx.debit !== null)
        els.push(
          rightText(cols.debit, y, formatAmount(tx.debit), 9, style.regular, { color: style.ink, tag: "debit" }),
        );
      if (tx.credit !== null)
        els.push(
          rightText(cols.credit, y, formatAmount(tx.credit), 9, style.regular, { color: style.ink, tag: "credit" }),
        );
    }
    els.push(
      rightText(cols.balance, y, formatAmount(tx.balance), 9, style.regular, { color: style.ink, tag: "balance" }),
    );
    y += 14;
  }
  els.push(line(M, y - 8, W - M, y - 8, "#999999", 0.6));
  y += 6;
  els.push(text(cols.desc, y, "CLOSING BALANCE", 9, style.bold, { color: style.ink }));
  els.push(
    rightText(cols.balance, y, formatAmount(closing), 9, style.bold, { color: style.ink, field: "closing_balance" }),
  );
  pages.push({ elements: els });
  return {
    layout: { ...A4, background: "#ffffff", pages },
    fields: {
      institution: bank,
      holder_name: holder.full,
      account_number: iban,
      statement_period: `${start}/${end}`,
      opening_balance: opening,
      closing_balance: closing,
    },
    tamperedField,
    dpi: 300,
  };
};
