import { describe, expect, it } from "vitest";
import { contentFindings } from "./index";
import { rereadExcusedFigures } from "./reread-figures";
import { type RowSpec, makeContext, right, findingIds as ids } from "@/tests/forensics-support/content-context";

const NOW = new Date("2024-06-01T00:00:00Z");
type Txn = [date: string, label: string, out: string, inn: string, balance: string];

const TXNS: Txn[] = [
  ["02/03/2024", "Salary ACME LTD", "", "2,500.00", "3,500.00"],
  ["05/03/2024", "Rent March", "1,200.00", "", "2,300.00"],
  ["09/03/2024", "Groceries", "85.40", "", "2,214.60"],
  ["15/03/2024", "Refund", "", "20.00", "2,234.60"],
  ["20/03/2024", "Electricity", "64.10", "", "2,170.50"],
];

function statement(txns: Txn[] = TXNS, closing = "2,170.50"): RowSpec[] {
  return [
    "FIRST BANK - Account statement",
    "Account number 12345678    Statement period 01/03/2024 to 31/03/2024",
    [[0.08, "Date"], [0.22, "Description"], right(0.62, "Paid out"), right(0.75, "Paid in"), right(0.9, "Balance")],
    [[0.08, "01/03/2024"], [0.22, "Opening balance"], right(0.9, "1,000.00")],
    ...txns.map(([date, label, out, inn, balance]): RowSpec => [
      [0.08, date],
      [0.22, label],
      ...(out ? [right(0.62, out)] : []),
      ...(inn ? [right(0.75, inn)] : []),
      right(0.9, balance),
    ]),
    [[0.08, "31/03/2024"], [0.22, "Closing balance"], right(0.9, closing)],
  ];
}

const edit = (index: number, column: 2 | 3 | 4, value: string): Txn[] =>
  TXNS.map((t, i) => (i === index ? (Object.assign([...t], { [column]: value }) as Txn) : t));

const run = (rows: RowSpec[], source: "pdf" | "ocr" = "pdf") =>
  contentFindings(makeContext({ docType: "bank_statement", pages: [{ rows, source }] }), NOW);

describe("bank statement running balance", () => {
  it("raises nothing when every balance follows from the last", () => {
    expect(run(statement())).toEqual([]);
    expect(run(statement(), "ocr")).toEqual([]);
  });

  it("flags an edited transaction amount whose balances carry on from the printed figures", () => {
    const findings = run(statement(edit(0, 3, "5,500.00")));
    expect(ids(findings)).toEqual(["content.running_balance:high"]);
    expect(findings[0]!.evidence).toMatchObject({
      pattern: "continues_from_printed",
      printed_balance: 3500,
      expected_balance: 6500,
    });
    expect(findings[0]!.region!.x).toBeGreaterThan(0.5);
  });

  it("still weighs an edited amount high when read by OCR", () => {
    expect(ids(run(statement(edit(1, 2, "1,900.00")), "ocr"))).toEqual(["content.running_balance:high"]);
  });

  it("weighs a break by the figures no other link vouches for: balances the links beside it agree with were read as printed", () => {
    // Raised balances from the third line on: the break lies between 2,300.00 and 3,214.60.
    const raised = TXNS.map((t, i) =>
      i >= 2 ? (Object.assign([...t], { 4: i === 2 ? "3,214.60" : i === 3 ? "3,234.60" : "3,170.50" }) as Txn) : t,
    );
    const unsure = (text: string, rows: RowSpec[]) => {
      const ctx = makeContext({ docType: "bank_statement", pages: [{ rows, source: "ocr" }] });
      for (const t of ctx.pages[0]!.text) if (t.text === text) t.confidence = 62;
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.running_balance");
    };
    // The balance before the break (its own line adds up) and the broken balance (the next line
    // carries on from it) read unsurely: neither can hide the break, the amount was read surely.
    const before = unsure("2,300.00", statement(raised, "3,170.50"));
    expect(ids(before)).toEqual(["content.running_balance:high"]);
    // Nor can the amount, read surely: 85.40 is no misreading of a figure 1,000.00 away.
    expect(before[0]!.evidence).toMatchObject({ reading_confidence: 100 });
    expect(ids(unsure("3,214.60", statement(raised, "3,170.50")))).toEqual(["content.running_balance:high"]);
    // The amount itself read unsurely hides a break a misreading of it could make: 22.00 off,
    // 85.40 for 63.40. Not 1,000.00 off: that is no misreading of 85.40 (1,085.40 or -914.60).
    const bumped = TXNS.map((t, i) =>
      i >= 2 ? (Object.assign([...t], { 4: i === 2 ? "2,236.60" : i === 3 ? "2,256.60" : "2,192.50" }) as Txn) : t,
    );
    expect(ids(unsure("85.40", statement(bumped, "2,192.50")))).toEqual(["content.running_balance:medium"]);
    expect(ids(unsure("85.40", statement(raised, "3,170.50")))).toEqual(["content.running_balance:high"]);
    expect(unsure("2,300.00", statement())).toEqual([]);
  });

  it("treats one balance misread by a look-alike digit as low", () => {
    // 2,214.60 read as 2,274.60; the next line carries on from the true figure.
    const findings = run(statement(edit(2, 4, "2,274.60")), "ocr");
    expect(ids(findings)).toEqual(["content.running_balance:low"]);
    expect(findings[0]!.evidence).toMatchObject({ pattern: "continues_from_expected" });
  });

  it("weighs one balance off, read surely, high once a second reading prints it the same", async () => {
    // 2,214.60 raised to 6,214.60 alone: no look-alike digit explains 4,000.00, the next line
    // carries on from the true figure.
    const ctx = makeContext({
      docType: "bank_statement",
      pages: [{ rows: statement(edit(2, 4, "6,214.60")), source: "ocr" }],
    });
    const findings = contentFindings(ctx, NOW);
    expect(ids(findings)).toEqual(["content.running_balance:medium"]);
    expect(findings[0]!.evidence).toMatchObject({
      pattern: "continues_from_expected",
      ocr_confirm: { figure: { read: "6,214.60" } },
    });
    const same = await rereadExcusedFigures(ctx, findings, async () => ({ text: "6,214.60", confidence: 88 }));
    expect(ids(same)).toEqual(["content.running_balance:high"]);
    expect(same[0]!.message).toContain('"6,214.60" reads the same');
    // Its twins: read otherwise, or unsurely, the second time, the balance may be a misreading.
    for (const again of [
      { text: "2,214.60", confidence: 90 },
      { text: "6,214.60", confidence: 50 },
    ]) {
      expect(ids(await rereadExcusedFigures(ctx, findings, async () => again))).toEqual([
        "content.running_balance:medium",
      ]);
    }
    // From a text layer the balance is the document's own: high without a second reading.
    expect(ids(run(statement(edit(2, 4, "6,214.60"))))).toEqual(["content.running_balance:high"]);
  });

  it("holds the last line's break against the closing balance: raised with it, the printed balance was edited", () => {
    // The last balance and the closing balance raised by 1,000.00 together, read by OCR.
    const raised = run(statement(edit(4, 4, "3,170.50"), "3,170.50"), "ocr");
    expect(ids(raised)).toEqual(["content.running_balance:high"]);
    expect(raised[0]!.evidence).toMatchObject({ pattern: "continues_from_printed", printed_balance: 3170.5 });
    expect(raised[0]!.message).toContain("the closing balance carries on from the printed balance");
    // The last balance alone off, the closing on the expected figure: only that one balance is off.
    const alone = run(statement(edit(4, 4, "3,170.50")), "ocr");
    expect(alone.find((f) => f.check === "content.running_balance")!.evidence).toMatchObject({
      pattern: "continues_from_expected",
    });
  });

  it("flags a closing balance that does not match the last running balance", () => {
    expect(ids(run(statement(TXNS, "7,170.50")))).toEqual(["content.statement_closing:high"]);
  });

  it("carries the chain on to the closing balance through a last line whose balance OCR did not read with it", () => {
    // A photo's tilt drops the last balance below its own row: the line reads its amount alone.
    const balanceUnread = (closing: string): RowSpec[] =>
      statement(TXNS, closing).map((row, i) => (i === 8 && Array.isArray(row) ? row.slice(0, -1) : row));
    expect(run(balanceUnread("2,170.50"), "ocr")).toEqual([]);
    // The closing raised by 4,000.00 with the last balance: the amounts read give 2,170.50.
    const raised = run(balanceUnread("6,170.50"), "ocr");
    expect(ids(raised)).toEqual(["content.statement_closing:high"]);
    expect(raised[0]!.message).toContain("the amounts after it (64.10) give 2170.50");
  });

  it("weighs a wrong closing balance as medium when OCR already broke the chain, high when it read it whole", () => {
    expect(ids(run(statement(TXNS, "2,670.50"), "ocr"))).toEqual(["content.statement_closing:high"]);
    // A look-alike misread upstream (2,274.60 for 2,214.60) says the reading of this page slips:
    // where the last line's own balance does not follow from the one before it (its amount read
    // as 61.10), the last balance read may not be the one printed, and the closing stays medium.
    const slips = edit(2, 4, "2,274.60").map((t, i) => (i === 4 ? (Object.assign([...t], { 2: "61.10" }) as Txn) : t));
    const misread = run(statement(slips, "2,670.50"), "ocr");
    expect(ids(misread)).toContain("content.statement_closing:medium");
    expect(ids(run(statement(slips, "2,670.50")))).toContain("content.statement_closing:high");
  });

  it("weighs a wrong closing balance by its own reading when the chain vouches for the last balance, whatever OCR broke upstream", () => {
    // The same upstream misread; the last line follows from the one before it and nothing unread
    // lies past it: the two figures compared were read as printed, 500.00 apart.
    const misread = run(statement(edit(2, 4, "2,274.60"), "2,670.50"), "ocr");
    expect(ids(misread)).toContain("content.statement_closing:high");
    expect(misread.find((f) => f.check === "content.statement_closing")!.evidence).toMatchObject({
      source: "ocr",
      reading_confidence: 90,
    });
    // Its twin: a line OCR could not read between the last transaction and the closing balance
    // (a transaction the chain may lack, its balance the closing one) leaves the closing low.
    const rows = statement(edit(2, 4, "2,274.60"), "2,670.50");
    rows.splice(rows.length - 1, 0, [
      [0.08, "3o/o3/2o24"],
      [0.22, "ee rr eee"],
    ]);
    const ctx = makeContext({ docType: "bank_statement", pages: [{ rows, source: "ocr" }] });
    const text = ctx.pages[0]!.text;
    for (const t of text) if (t.text === "3o/o3/2o24" || t.text === "ee rr eee") t.confidence = 20;
    const unread = contentFindings(ctx, NOW);
    expect(ids(unread)).toContain("content.statement_closing:low");
    // And the genuine statement with the same upstream misread raises no closing finding.
    expect(ids(run(statement(edit(2, 4, "2,274.60")), "ocr"))).not.toContain("content.statement_closing:medium");
  });

  it("reads statements without column headers by the last amount of dated rows", () => {
    const rows = (balance: string): RowSpec[] => [
      "Account statement",
      "Opening balance 500.00",
      [[0.08, "03 Mar 2024"], [0.25, "Card payment"], right(0.7, "25.00"), right(0.9, "475.00")],
      [[0.08, "04 Mar 2024"], [0.25, "Transfer in"], right(0.7, "100.00"), right(0.9, balance)],
      [[0.08, "06 Mar 2024"], [0.25, "Card payment"], right(0.7, "75.00"), right(0.9, "500.00")],
    ];
    expect(run(rows("575.00"))).toEqual([]);
    expect(ids(run(rows("975.00")))).toContain("content.running_balance:high");
  });

  it("reads a word processor's table: headers at their cells' left, amounts at the right, newest first", () => {
    // Balances raised by 1,000.00 from one line on, without a transaction for it.
    const rows = (bump: boolean): RowSpec[] => [
      "Account statement 01/02/2026 - 21/02/2026",
      "Balance brought forward: 3,116.40",
      [
        [0.14, "Date"],
        [0.33, "Details"],
        [0.642, "Amount"],
        [0.785, "Balance"],
      ],
      [
        [0.14, "19/02/2026"],
        [0.33, "Salary Meridian"],
        right(0.774, "3,484.20"),
        right(0.92, bump ? "7,328.75" : "6,328.75"),
      ],
      [
        [0.14, "16/02/2026"],
        [0.33, "Fuel Station 24"],
        right(0.774, "-38.85"),
        right(0.92, bump ? "3,844.55" : "2,844.55"),
      ],
      [[0.14, "13/02/2026"], [0.33, "Gym Fit"], right(0.774, "-177.52"), right(0.92, "2,883.40")],
      [[0.14, "02/02/2026"], [0.33, "Restaurant Olivo"], right(0.774, "-55.48"), right(0.92, "3,060.92")],
      `Balance carried forward: ${bump ? "7,328.75" : "6,328.75"}`,
    ];
    expect(run(rows(false))).toEqual([]);
    const forged = run(rows(true));
    expect(ids(forged)).toEqual(["content.running_balance:high"]);
    expect(forged[0]!.evidence).toMatchObject({ source: "text_layer", expected_balance: 2844.55 });
  });

  it("reads short amounts of a word processor's table under their own header, not the next one (overdrawn twin)", () => {
    // Amounts and balances of a few digits end nearer the next header's left edge than their own
    // header's; an overdrawn account prints its balances negative too.
    const rows = (bump: boolean): RowSpec[] => [
      "Account statement 01/08/2026 - 21/08/2026",
      "Balance brought forward: 515.57",
      [
        [0.1, "Date"],
        [0.3, "Details"],
        [0.642, "Amount"],
        [0.798, "Balance"],
      ],
      [[0.1, "21/08/2026"], [0.3, "Cafe Aurora"], right(0.788, "-61.19"), right(0.947, bump ? "711.90" : "-288.10")],
      [[0.1, "17/08/2026"], [0.3, "Pharmacy Central"], right(0.788, "-76.20"), right(0.947, "-226.91")],
      [[0.1, "16/08/2026"], [0.3, "Online Books"], right(0.788, "-192.66"), right(0.947, "-150.71")],
      [[0.1, "15/08/2026"], [0.3, "Fuel Station 24"], right(0.788, "-6.97"), right(0.947, "41.95")],
      [[0.1, "13/08/2026"], [0.3, "Supermarket Fresco"], right(0.788, "-147.75"), right(0.947, "48.92")],
      [[0.1, "09/08/2026"], [0.3, "Restaurant Olivo"], right(0.788, "-121.21"), right(0.947, "196.67")],
      [[0.1, "05/08/2026"], [0.3, "Supermarket Fresco"], right(0.788, "-118.70"), right(0.947, "317.88")],
      [[0.1, "04/08/2026"], [0.3, "Electric Co."], right(0.788, "-78.99"), right(0.947, "436.58")],
      `Balance carried forward: ${bump ? "711.90" : "-288.10"}`,
    ];
    expect(run(rows(false))).toEqual([]);
    const forged = run(rows(true));
    expect(ids(forged)).toEqual(["content.running_balance:high"]);
    expect(forged[0]!.evidence).toMatchObject({ source: "text_layer", expected_balance: -288.1 });
  });

  it("reads debit and credit columns whose headers carry a currency", () => {
    const rows = (balance: string): RowSpec[] => [
      "Account statement",
      [
        [0.08, "Date"],
        [0.22, "Details"],
        right(0.62, "Withdrawals ($)"),
        right(0.75, "Deposits ($)"),
        right(0.9, "Balance ($)"),
      ],
      [[0.08, "01 Mar"], [0.22, "Balance brought forward"], right(0.9, "1,000.00 CR")],
      [[0.08, "02 Mar"], [0.22, "Payroll"], right(0.75, "2,500.00"), right(0.9, balance)],
      [[0.08, "03 Mar"], [0.22, "Rent"], right(0.62, "1,200.00"), right(0.9, "2,300.00 CR")],
    ];
    expect(run(rows("3,500.00 CR"))).toEqual([]);
    expect(ids(run(rows("4,500.00 CR")))).toEqual(["content.running_balance:high"]);
  });

  it("checks stated totals of money in and out", () => {
    const withTotals = (paidIn: string): RowSpec[] => [
      ...statement(),
      [[0.22, "Total paid out"], right(0.62, "1,349.50")],
      [[0.22, "Total paid in"], right(0.75, paidIn)],
    ];
    expect(run(withTotals("2,520.00"))).toEqual([]);
    expect(ids(run(withTotals("5,520.00")))).toEqual(["content.statement_totals:high"]);
  });

  it("does not hold a summary against a statement whose later pages were not read", () => {
    const ctx = makeContext({ docType: "bank_statement", pages: [{ rows: statement(TXNS, "9,999.99") }] });
    ctx.pageCount = 3;
    expect(contentFindings(ctx, NOW)).toEqual([]);
  });

  it("takes a debit whose minus sign OCR lost for a misread, and still flags an edited one", () => {
    const rows = (amount: string, balance = "875.13"): RowSpec[] => [
      "Account statement",
      [[0.08, "Date"], [0.22, "Description"], right(0.75, "Amount"), right(0.9, "Balance")],
      [[0.08, "01 Mar"], [0.22, "Balance brought forward"], right(0.9, "1,000.00")],
      [[0.08, "02 Mar"], [0.22, "Card payment"], right(0.75, amount), right(0.9, balance)],
      [[0.08, "03 Mar"], [0.22, "Refund"], right(0.75, "24.87"), right(0.9, "900.00")],
    ];
    expect(run(rows("-124.87"), "ocr")).toEqual([]);
    // "-124.87" read as "124.87" (sign dropped) or as "4124.87" (the minus taken for a 4).
    expect(ids(run(rows("124.87"), "ocr"))).toEqual(["content.running_balance:low"]);
    expect(ids(run(rows("4124.87"), "ocr"))).toEqual(["content.running_balance:low"]);
    // In a text layer there is no misreading; an edited amount is not a lost sign either.
    expect(ids(run(rows("124.87")))).toEqual(["content.running_balance:high"]);
    expect(ids(run(rows("-524.87"), "ocr"))).toEqual(["content.running_balance:high"]);
  });

  it("does not hold the closing balance against the last balance read when a line past it was garbled", () => {
    // Printed newest first, the newest transaction (its balance the closing one) read as "CL eT" at
    // confidence 23, just under the header: the last balance read is the one before it.
    const newestFirst = (garble: boolean) => {
      const rows = statement([...TXNS].reverse().slice(1), "2,170.50");
      const [title, account, header, opening, ...rest] = rows;
      const ctx = makeContext({
        docType: "bank_statement",
        pages: [
          {
            rows: [
              title!,
              account!,
              header!,
              ...(garble
                ? [
                    [
                      [0.3, "CL"],
                      [0.5, "eT"],
                    ] as RowSpec,
                  ]
                : []),
              ...rest,
              opening!,
            ],
            source: "ocr",
          },
        ],
      });
      for (const t of ctx.pages[0]!.text) if (t.text === "CL" || t.text === "eT") t.confidence = 23;
      return contentFindings(ctx, NOW);
    };
    expect(ids(newestFirst(true))).toEqual(["content.statement_closing:low"]);
    expect(ids(newestFirst(false))).toEqual(["content.statement_closing:high"]);
  });

  it("weighs a chain that OCR broke in three or more places as garbled reading, not three edits", () => {
    const garbled = TXNS.map((t, i): Txn =>
      i === 1
        ? [t[0], t[1], "1,900.00", t[3], t[4]]
        : i === 2
          ? [t[0], t[1], "25.70", t[3], t[4]]
          : i === 4
            ? [t[0], t[1], "12.20", t[3], t[4]]
            : t,
    );
    const fromOcr = run(statement(garbled), "ocr").filter((f) => f.check === "content.running_balance");
    expect(fromOcr.length).toBeGreaterThanOrEqual(3);
    expect(fromOcr.every((f) => f.severity === "medium" || f.severity === "low")).toBe(true);
    // The text layer of a PDF is read exactly: there the same breaks keep their weight.
    const fromPdf = run(statement(garbled), "pdf").filter((f) => f.check === "content.running_balance");
    expect(fromPdf.some((f) => f.severity === "high")).toBe(true);
  });

  it("does not count breaks beside lines OCR could not read towards a garbled chain", () => {
    // Groceries raised to 385.40 (its balance kept); the salary and refund lines OCR failed to read
    // break the chain beside them, each already weighed as a transaction the chain lacks.
    const weigh = (confidence: number) => {
      const rows = statement(edit(2, 2, "385.40"));
      const ctx = makeContext({ docType: "bank_statement", pages: [{ rows, source: "ocr" }] });
      const text = ctx.pages[0]!.text;
      for (const label of ["Salary ACME LTD", "Refund"]) {
        const y = text.find((i) => i.text === label)!.y;
        text
          .filter((t) => t.y === y)
          .forEach((item, k) =>
            Object.assign(item, { text: ["ETE ee", "een a eee", "a rE", "rr"][k] ?? "ee", confidence }),
          );
      }
      return contentFindings(ctx, NOW)
        .filter((f) => f.check === "content.running_balance")
        .map((f) => f.severity);
    };
    expect(weigh(17)).toEqual(["low", "high", "low"]);
    // Its twin: the same lines read with confidence are no failed reading; three breaks no line
    // explains are a garbled reading, each medium at most.
    expect(weigh(80).every((s) => s === "medium" || s === "low")).toBe(true);
  });

  it("follows a statement printed newest first up the page, and still flags an edited balance in it", () => {
    const newestFirst = (txns: Txn[]): RowSpec[] => {
      const rows = statement(txns);
      const [title, account, header, openingRow, ...rest] = rows;
      const closingRow = rest.pop() as RowSpec;
      return [title, account, header, closingRow, ...rest.reverse(), openingRow] as RowSpec[];
    };
    expect(run(newestFirst(TXNS))).toEqual([]);
    const findings = run(newestFirst(edit(2, 4, "3,214.60")));
    expect(ids(findings)).toEqual(["content.running_balance:high"]);
    expect(findings[0]!.evidence).toMatchObject({ printed_balance: 3214.6, expected_balance: 2214.6 });
  });

  it("walks a statement the way its dates run, even when the balances alone would not tell", () => {
    // Two lines, newest first, the older balance edited: read either way the chain breaks once.
    const rows = (txns: Txn[]) => statement(txns).slice(0, 3).concat(statement(txns).slice(4, -1).reverse());
    const twoLines = (balance: string): Txn[] => [TXNS[0]!, [...TXNS[1]!.slice(0, 4), balance] as Txn];
    expect(run(rows(twoLines("2,300.00")))).toEqual([]);
    const findings = run(rows(twoLines("2,400.00")));
    expect(findings).toHaveLength(1);
    // Walked up the page (oldest first), the break is on the rent line, off by exactly the edit.
    expect(findings[0]!.evidence).toMatchObject({ printed_balance: 2400, expected_balance: 2300 });
    expect(findings[0]!.message).toContain("Rent March");
  });

  it("does not call a break high when the row above it was garbled by OCR (a transaction missing from the chain)", () => {
    const ctx = makeContext({ docType: "bank_statement", pages: [{ rows: statement(), source: "ocr" }] });
    const text = ctx.pages[0]!.text;
    // The first transaction read as '"02/03/2024 SalaryACME ~~ 2,5o0.0O 35o000' at confidence 0.
    const first = text.filter((t) => t.y === text.find((i) => i.text === "Salary ACME LTD")!.y);
    first.forEach((item) =>
      Object.assign(item, { text: item.text.replace(/0/g, "o").replace(/[.,]/g, ""), confidence: 0 }),
    );
    const findings = contentFindings(ctx, NOW).filter((f) => f.check === "content.running_balance");
    expect(findings.map((f) => f.severity)).toEqual(["low"]);
    expect(findings[0]!.message).toContain("a transaction may be missing");
    // A dated line whose balance alone was garbled ("3,5o0.0O" read as "3hili2i"), without column headers.
    const headerless = statement().filter((_, i) => i !== 2);
    const partly = makeContext({ docType: "bank_statement", pages: [{ rows: headerless, source: "ocr" }] });
    const rent = partly.pages[0]!.text.find((t) => t.text === "2,300.00")!;
    Object.assign(rent, { text: "2hili0i", confidence: 40 });
    const breaks = contentFindings(partly, NOW).filter((f) => f.check === "content.running_balance");
    expect(breaks.map((f) => f.severity)).toEqual(["low"]);
    // Twin: the same row read well, with the next amount edited, stays high (see above).
    expect(ids(run(statement(edit(1, 2, "1,900.00")), "ocr"))).toEqual(["content.running_balance:high"]);
  });

  it('reads a line whose date OCR ran into the table\'s rule at its left ("105/03/2024") as a transaction', () => {
    // Without its header the table's lines are told by their dates; the rent line's date is read
    // with a "1" before it, and every balance from the groceries line on was raised by 1,000.
    const ruled = (txns: Txn[]) => {
      const rows = statement(txns).filter((_, i) => i !== 2);
      const ctx = makeContext({ docType: "bank_statement", pages: [{ rows, source: "ocr" }] });
      Object.assign(
        ctx.pages[0]!.text.find((t) => t.text === "05/03/2024")!,
        { text: "105/03/2024" },
      );
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.running_balance");
    };
    expect(ruled(TXNS)).toEqual([]);
    const raised = TXNS.map((t, i) =>
      i < 2
        ? t
        : (Object.assign([...t], {
            4: (Number(t[4].replace(",", "")) + 1000).toLocaleString("en-US", { minimumFractionDigits: 2 }),
          }) as Txn),
    );
    const found = ruled(raised);
    expect(found.map((f) => f.severity)).toEqual(["high"]);
    expect(found[0]!.message).toContain("Groceries");
  });

  it("counts a table row OCR read as letters only, at very low confidence, as a transaction the chain lacks", () => {
    // The first transaction under the header band read as "ETE ee een a eee a rE rr": not one digit.
    const garble = (confidence: number) => {
      const ctx = makeContext({ docType: "bank_statement", pages: [{ rows: statement(), source: "ocr" }] });
      const text = ctx.pages[0]!.text;
      const y = text.find((i) => i.text === "Salary ACME LTD")!.y;
      text
        .filter((t) => t.y === y)
        .forEach((item, k) =>
          Object.assign(item, { text: ["ETE ee", "een a eee", "a rE", "rr"][k] ?? "ee", confidence }),
        );
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.running_balance");
    };
    const unread = garble(17);
    expect(unread.map((f) => f.severity)).toEqual(["low"]);
    expect(unread[0]!.message).toContain("a transaction may be missing");
    // Twin: the same letters read with confidence (a line of words in the table, not a failed
    // reading) leave the break where it is, high.
    expect(garble(80).map((f) => f.severity)).toEqual(["high"]);
    // And the clean statement read by OCR raises nothing.
    expect(run(statement(), "ocr")).toEqual([]);
  });

  it("takes a dated line of the table OCR read surely but without one figure for a transaction the chain lacks", () => {
    // The salary's figures read "250000" and "ERs" (separators lost, the balance garbled), at 90.
    const read = (amount: string, balance: string) => {
      const ctx = makeContext({ docType: "bank_statement", pages: [{ rows: statement(), source: "ocr" }] });
      for (const t of ctx.pages[0]!.text) {
        if (t.text === "2,500.00") t.text = amount;
        if (t.text === "3,500.00") t.text = balance;
      }
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.running_balance");
    };
    const unread = read("250000", "ERs");
    expect(unread.map((f) => f.severity)).toEqual(["low"]);
    expect(unread[0]!.message).toContain('the line "02/03/2024 Salary ACME LTD 250000 ERs"');
    // Its twin: read with its figures, the line is in the chain and nothing breaks.
    expect(read("2,500.00", "3,500.00")).toEqual([]);
  });

  it("takes a line's space in the table where OCR read nothing for a transaction the chain lacks", () => {
    // The rent's line vanished from the OCR text whole (a row under a header's shading can).
    const without = (closeUp: boolean) => {
      const ctx = makeContext({ docType: "bank_statement", pages: [{ rows: statement(), source: "ocr" }] });
      const text = ctx.pages[0]!.text;
      const rent = text.find((i) => i.text === "Rent March")!;
      const pitch = text.find((i) => i.text === "Groceries")!.y - rent.y;
      ctx.pages[0]!.text = text
        .filter((t) => t.y !== rent.y)
        .map((t) => (closeUp && t.y > rent.y ? { ...t, y: t.y - pitch } : t));
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.running_balance");
    };
    const skipped = without(false);
    expect(skipped.map((f) => f.severity)).toEqual(["low"]);
    expect(skipped[0]!.message).toContain("a line's space above it where OCR read nothing");
    // Its twin: the rows below stand a pitch under the salary, as printed without the rent: the
    // balances carry on from a figure no line explains, and the break stays high.
    expect(without(true).map((f) => f.severity)).toEqual(["high"]);
  });

  it("takes a table's rule OCR read as a few letters across the page for no transaction", () => {
    // The rule over the transaction's line read "eee", one item across three quarters of the page.
    const ruled = (width: number) => {
      // The rent edited, its balances carrying on from the printed figures.
      const rows = statement(edit(1, 2, "1,900.00"));
      const ctx = makeContext({ docType: "bank_statement", pages: [{ rows, source: "ocr" }] });
      const text = ctx.pages[0]!.text;
      const rent = text.find((i) => i.text === "Rent March")!;
      text.push({ ...rent, text: "eee", x: 0.08, width, y: rent.y - 0.6 * rent.height, confidence: 11 });
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.running_balance");
    };
    expect(ruled(0.72).map((f) => f.severity)).toEqual(["high"]);
    // Its twin: three letters a word's width apart are a line OCR garbled, and may be a transaction.
    expect(ruled(0.03).map((f) => f.severity)).toEqual(["low"]);
  });

  it("reads a word processor's table, headers set at the cell's left over right-aligned figures", () => {
    // "Amount" heads 0.64-0.70 and "Balance" 0.80-0.86; the amounts end at 0.786, nearer "Balance",
    // and the balances at 0.947, near no header.
    const wordProcessor = (txns: Txn[], closing = "2,170.50"): RowSpec[] => [
      "FIRST BANK - Account statement",
      "Balance brought forward: 1,000.00",
      [
        [0.08, "Date"],
        [0.22, "Details"],
        [0.638, "Amount"],
        [0.797, "Balance"],
      ],
      ...txns.map(([date, label, out, inn, balance]): RowSpec => [
        [0.08, date],
        [0.22, label],
        right(0.786, out ? `-${out}` : inn),
        right(0.947, balance),
      ]),
      `Balance carried forward: ${closing}`,
    ];
    expect(run(wordProcessor(TXNS))).toEqual([]);
    expect(run(wordProcessor(TXNS), "ocr")).toEqual([]);
    // An OCR'd row whose balance came out garbled keeps its amount in the amount column.
    const partly = wordProcessor(TXNS).map((row) =>
      Array.isArray(row) && row[1]?.[1] === "Groceries" ? row.slice(0, 3) : row,
    );
    expect(run(partly, "ocr")).toEqual([]);
    // Twin: the same layout with an amount edited breaks the chain where it was edited.
    const edited = run(wordProcessor(edit(1, 2, "1,900.00")));
    expect(ids(edited)).toEqual(["content.running_balance:high"]);
    expect(edited[0]!.evidence).toMatchObject({ printed_balance: 2300, expected_balance: 1600 });
  });

  it("counts a line of a table OCR read without its date or header as a transaction the chain lacks", () => {
    // The header, on a shaded band, read as nothing; the first line lost its date and balance.
    const headerless = (first: "partial" | "dropped"): RowSpec[] => [
      "FIRST BANK - Account statement",
      "Balance brought forward: 1,000.00",
      ...(first === "partial" ? [[[0.22, "Salary ACME LTD"], right(0.75, "2,500.00")] as RowSpec] : []),
      ...TXNS.slice(1).map(([date, label, out, inn, balance]): RowSpec => [
        [0.08, date],
        [0.22, label],
        right(0.75, out ? `-${out}` : inn),
        right(0.9, balance),
      ]),
      "Balance carried forward: 2,170.50",
    ];
    expect(run(headerless("partial"), "ocr").map((f) => `${f.check}:${f.severity}`)).toEqual([
      "content.running_balance:low",
    ]);
    // Twin: with no sign of a line read in part, the same break stays high.
    expect(ids(run(headerless("dropped"), "ocr"))).toEqual(["content.running_balance:high"]);
  });

  it("keeps a watermark printed across the table out of its rows", () => {
    const ctx = makeContext({ docType: "bank_statement", pages: [{ rows: statement() }] });
    const page = ctx.pages[0]!;
    const row = page.text.find((t) => t.text === "Electricity")!;
    const height = row.height * 4;
    page.text.push({ ...row, text: "ORIGINAL", x: 0.3, width: 0.4, y: row.y + row.height / 2 - height / 2, height });
    expect(contentFindings(ctx, NOW)).toEqual([]);
  });
});

describe("look-alike readings only of figures no other link vouches for", () => {
  // Balances raised by 1,000 from the second line on; the balance before the break, 5,042.99, would
  // make the break a look-alike misread (5 → 6), but the line before it already agrees with it.
  const txns = (bump: number): Txn[] => {
    const b = (v: number) => v.toLocaleString("en-US", { minimumFractionDigits: 2 });
    return [
      ["02/03/2024", "Salary ACME LTD", "", "4,042.99", "5,042.99"],
      ["05/03/2024", "Gym Fit", "135.38", "", b(4907.61 + bump)],
      ["09/03/2024", "Restaurant Olivo", "220.35", "", b(4687.26 + bump)],
    ];
  };

  it("raises nothing on the genuine statement, read by OCR", () => {
    expect(run(statement(txns(0), "4,687.26"), "ocr")).toEqual([]);
  });

  it("weighs the raised balances high: the balance before the break follows from its own line", () => {
    const findings = run(statement(txns(1000), "5,687.26"), "ocr");
    expect(ids(findings)).toEqual(["content.running_balance:high"]);
    expect(findings[0]!.evidence).toMatchObject({ pattern: "continues_from_printed" });
    expect(findings[0]!.evidence!.ocr_repair).toBeUndefined();
  });
});

describe("statements headed in other languages", () => {
  const german = (balance2: string, closing: string): RowSpec[] => [
    "Sparkasse Beispiel - Kontoauszug",
    [[0.08, "Alter Kontostand"], right(0.9, "1.000,00")],
    [[0.08, "Datum"], [0.22, "Buchungstext"], right(0.62, "Soll"), right(0.75, "Haben"), right(0.9, "Saldo")],
    [[0.08, "02.03.2024"], [0.22, "Gehalt ACME GmbH"], right(0.75, "2.500,00"), right(0.9, "3.500,00")],
    [[0.08, "05.03.2024"], [0.22, "Miete März"], right(0.62, "1.200,00"), right(0.9, balance2)],
    [[0.08, "09.03.2024"], [0.22, "Supermarkt"], right(0.62, "85,40"), right(0.9, "2.214,60")],
    [[0.08, "Neuer Kontostand"], right(0.9, closing)],
  ];

  it("reads Soll, Haben and Saldo columns between an Alter and a Neuer Kontostand", () => {
    expect(run(german("2.300,00", "2.214,60"))).toEqual([]);
    expect(ids(run(german("2.300,00", "3.214,60")))).toEqual(["content.statement_closing:high"]);
    expect(ids(run(german("3.300,00", "2.214,60")))).toContain("content.running_balance:high");
  });
});
