import { describe, expect, it } from "vitest";
import { contentFindings } from "./index";
import { type RowSpec, makeContext, right, findingIds as ids } from "@/tests/forensics-support/content-context";

const NOW = new Date("2024-06-01T00:00:00Z");

function stacked(overrides: Record<string, [string, string]> = {}, extra: RowSpec[] = []): RowSpec[] {
  const line = (label: string, current: string, ytd: string): RowSpec => {
    const [c, y] = overrides[label] ?? [current, ytd];
    return [[0.08, label], right(0.6, c), right(0.8, y)];
  };
  return [
    "ACME LIMITED - PAYSLIP",
    "Employee: Jane Doe    Pay period: March 2024",
    [[0.08, "Earnings"], right(0.6, "This period"), right(0.8, "YTD")],
    line("Basic salary", "3,000.00", "9,000.00"),
    line("Overtime", "250.00", "500.00"),
    ...extra,
    line("Gross pay", "3,250.00", "9,500.00"),
    "Deductions",
    line("Income tax", "600.00", "1,700.00"),
    line("National Insurance", "250.00", "700.00"),
    line("Pension", "150.00", "450.00"),
    line("Total deductions", "1,000.00", "2,850.00"),
    line("Net pay", "2,250.00", "6,650.00"),
  ];
}

const run = (rows: RowSpec[], source: "pdf" | "ocr" = "pdf", confidence?: number) =>
  contentFindings(makeContext({ docType: "payslip", pages: [{ rows, source, confidence }] }), NOW);

/** A payslip read by OCR at confidence 90, as from a phone photo. */
const photographed = (rows: RowSpec[]) =>
  makeContext({ docType: "payslip", pages: [{ source: "ocr", confidence: 90, rows }] });
const netFindings = (ctx: ReturnType<typeof makeContext>) =>
  contentFindings(ctx, NOW).filter((f) => f.check === "content.payslip_net");

describe("payslip arithmetic", () => {
  it("raises nothing on a payslip whose lines, totals and net agree", () => {
    expect(run(stacked())).toEqual([]);
    expect(run(stacked(), "ocr")).toEqual([]);
  });

  it("flags an edited earning line that no longer adds up to gross pay", () => {
    const findings = run(stacked({ "Basic salary": ["3,500.00", "9,000.00"] }));
    expect(ids(findings)).toEqual(["content.payslip_sum:high"]);
    expect(findings[0]!.evidence).toMatchObject({ stated: 3250, computed: 3750, difference: 500 });
    expect(findings[0]!.region).not.toBeNull();
  });

  it("flags an edited net pay", () => {
    const findings = run(stacked({ "Net pay": ["2,750.00", "6,650.00"] }));
    expect(ids(findings)).toEqual(["content.payslip_net:high"]);
    expect(findings[0]!.evidence).toMatchObject({ expected_net: 2250, net: 2750 });
  });

  it("calls a line added without updating the total high even from OCR", () => {
    const extra: RowSpec[] = [[[0.08, "Bonus"], right(0.6, "500.00"), right(0.8, "500.00")]];
    const findings = run(stacked({}, extra), "ocr");
    expect(findings.filter((f) => f.check === "content.payslip_sum").map((f) => f.severity)).toEqual(["high", "high"]);
    expect(findings[0]!.message).toContain('exactly the line "Bonus"');
  });

  it("never calls a sum high when one of its numbers was read with low OCR confidence", () => {
    // The amounts of the line `label` read as `text` (this period) at `confidence`.
    const withReading = (label: string, text: string, confidence: number, rows: RowSpec[] = stacked()) => {
      const ctx = makeContext({ docType: "payslip", pages: [{ rows, source: "ocr" }] });
      const row = ctx.pages[0]!.text.filter((t) => t.y === ctx.pages[0]!.text.find((l) => l.text === label)!.y);
      row.slice(1).forEach((item) => Object.assign(item, { confidence }));
      Object.assign(row[1]!, { text });
      return contentFindings(ctx, NOW);
    };
    // "250.00" read as "$25000": the decimal point lost at confidence 46.
    const dropped = withReading("Overtime", "$25000", 46);
    expect(ids(dropped)).toEqual(["content.payslip_sum:low"]);
    expect(dropped[0]!.message).toContain('as "$250.00"');
    // A line added without updating the total, but the added line was read at confidence 46.
    const extra: RowSpec[] = [[[0.08, "Bonus"], right(0.6, "500.00"), right(0.8, "500.00")]];
    const unsure = withReading("Bonus", "500.00", 46, stacked({}, extra));
    // (this period and year to date: the bonus was added to both columns)
    expect(ids(unsure.filter((f) => f.check === "content.payslip_sum"))).toEqual([
      "content.payslip_sum:low",
      "content.payslip_sum:low",
    ]);
    expect(unsure[0]!.message).toContain("confidence 46");
    // Twin: the same edit read surely stays high; read at 60 it is medium.
    expect(ids(withReading("Bonus", "500.00", 92, stacked({}, extra)))).toContain("content.payslip_sum:high");
    expect(ids(withReading("Bonus", "500.00", 60, stacked({}, extra)))).toContain("content.payslip_sum:medium");
  });

  it("reads deductions listed negative between gross and net pay when no total is printed (net set apart in bold)", () => {
    const advice = (net: string): RowSpec[] => [
      "PAY ADVICE October 2024",
      [[0.08, "Pay element"], right(0.6, "Amount")],
      [[0.08, "Base salary"], right(0.6, "2,426.26")],
      [[0.08, "Overtime"], right(0.6, "530.06")],
      [[0.08, "Gross pay"], right(0.6, "2,956.32")],
      [[0.08, "Income tax"], right(0.6, "-363.52")],
      [[0.08, "Social security"], right(0.6, "-276.42")],
      [[0.08, "Pension"], right(0.6, "-100.44")],
      [
        [0.08, "Net pay"],
        [0.4, net],
      ],
    ];
    expect(run(advice("2,215.94"))).toEqual([]);
    expect(run(advice("2,215.94"), "ocr")).toEqual([]);
    const layer = run(advice("2,715.94"));
    expect(ids(layer)).toEqual(["content.payslip_net:high"]);
    expect(layer[0]!.evidence).toMatchObject({ expected_net: 2215.94, source: "text_layer" });
    const ocr = run(advice("2,715.94"), "ocr", 80);
    expect(ocr[0]!.evidence).toMatchObject({ source: "ocr", reading_confidence: 80 });
    // A positive line between gross and net (a note, a sub-total) leaves the sum unread.
    const note = advice("2,715.94");
    note.splice(5, 0, [[0.08, "Taxable pay"], right(0.6, "2,956.32")]);
    expect(run(note)).toEqual([]);
  });

  it("holds net pay against the deductions listed when OCR lost one deduction's minus, read unsurely", () => {
    const advice = (net: string, source: "pdf" | "ocr" = "ocr", taxConfidence = 57) => {
      const ctx = makeContext({
        docType: "payslip",
        pages: [
          {
            source,
            confidence: source === "ocr" ? 92 : 100,
            rows: [
              "PAY ADVICE October 2025",
              [[0.08, "Base salary"], right(0.6, "6,286.25")],
              [[0.08, "Overtime"], right(0.6, "435.04")],
              [[0.08, "Gross pay"], right(0.6, "6,721.29")],
              [[0.08, "Income tax"], right(0.6, "914.44")],
              [[0.08, "Social security"], right(0.6, "-628.44")],
              [[0.08, "Pension"], right(0.6, "-331.20")],
              [[0.08, "Net pay"], right(0.6, net)],
            ],
          },
        ],
      });
      const tax = ctx.pages[0]!.text.find((t) => t.text === "914.44")!;
      tax.confidence = taxConfidence;
      return contentFindings(ctx, NOW);
    };
    const raised = advice("5,347.21");
    expect(raised.map((f) => f.check)).toEqual(["content.payslip_net"]);
    expect(raised[0]!.evidence).toMatchObject({ expected_net: 4847.21, difference: -500 });
    // Its twin: the net that the deductions give raises nothing, nor does a refund read as printed.
    expect(advice("4,847.21")).toEqual([]);
    expect(advice("6,676.09")).toEqual([]);
    // Read surely without its minus, or from a text layer, the line is no deduction: the sum is left unread.
    expect(advice("5,347.21", "ocr", 93)).toEqual([]);
    expect(advice("5,347.21", "pdf", 100)).toEqual([]);
  });

  it("holds net pay above gross less the deductions read surely as a break, however unsure the other deductions", () => {
    // A photo: one deduction's minus read as a "2" (confidence 14), another read at 33.
    const advice = (net: string, label = "Social security") => {
      const ctx = makeContext({
        docType: "payslip",
        pages: [
          {
            source: "ocr",
            confidence: 90,
            rows: [
              "PAY ADVICE October 2026",
              [[0.08, "Pay element"], right(0.6, "Amount")],
              [[0.08, "Base salary"], right(0.6, "2,984.95")],
              [[0.08, "Gross pay"], right(0.6, "2,984.95")],
              [[0.08, "Income tax"], right(0.6, "-629.29")],
              [[0.08, label], right(0.6, "2279.09")],
              [[0.08, "Pension"], right(0.6, "-96.24")],
              [
                [0.08, "Net pay"],
                [0.4, net],
              ],
            ],
          },
        ],
      });
      for (const t of ctx.pages[0]!.text) {
        if (t.text === "2279.09") t.confidence = 14;
        if (t.text === "-96.24") t.confidence = 33;
      }
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.payslip_net");
    };
    // Net raised by 1,500.00: above 2,984.95 - 629.29 = 2,355.66 whatever the two unsure deductions are.
    const raised = advice("3,480.33");
    expect(ids(raised)).toEqual(["content.payslip_net:high"]);
    expect(raised[0]!.evidence).toMatchObject({ source: "ocr", reading_confidence: 90, bound: { excess: 1124.67 } });
    // Its twins: the genuine net (1,980.33), and a net raised less than the bound allows, stay low
    // notes of an unsure reading; so does the raised net where the unsure line could be a payment.
    expect(ids(advice("1,980.33"))).not.toContain("content.payslip_net:high");
    expect(ids(advice("2,180.33"))).toEqual(["content.payslip_net:low"]);
    expect(ids(advice("3,480.33", "Adjustment"))).not.toContain("content.payslip_net:high");
  });

  it("takes gross pay its earning lines add up to as read, however unsurely OCR read it, for the bound on net pay", () => {
    const advice = (overtime: string) => {
      const ctx = makeContext({
        docType: "payslip",
        pages: [
          {
            source: "ocr",
            confidence: 90,
            rows: [
              "PAY ADVICE October 2025",
              [[0.08, "Pay element"], right(0.6, "Amount")],
              [[0.08, "Base salary"], right(0.6, "3,316.80")],
              [[0.08, "Overtime"], right(0.6, overtime)],
              [[0.08, "Gross pay"], right(0.6, "3511.59")],
              [[0.08, "Income tax"], right(0.6, "-530.70")],
              [[0.08, "Social security"], right(0.6, "-328.33")],
              [[0.08, "Pension"], right(0.6, "121.59")],
              [
                [0.08, "Net pay"],
                [0.4, "3,930.97"],
              ],
            ],
          },
        ],
      });
      for (const t of ctx.pages[0]!.text) {
        if (t.text === "3511.59") t.confidence = 4;
        if (t.text === "121.59") t.confidence = 44;
      }
      return contentFindings(ctx, NOW).filter((f) => f.check === "content.payslip_net");
    };
    // 3,316.80 + 194.79 = 3,511.59: gross vouched; net 3,930.97 exceeds 3,511.59 - 530.70 - 328.33
    // by 1,278.41 (no look-alike digit of a figure read surely closes that: a leading 4 of a net
    // pay could be a misread 1, and would excuse it).
    const vouched = advice("194.79");
    expect(ids(vouched)).toEqual(["content.payslip_net:high"]);
    expect(vouched[0]!.evidence).toMatchObject({ bound: { excess: 1278.41 } });
    // Its twin: earnings that do not add up to it leave gross pay as unsure as OCR read it.
    expect(ids(advice("184.79"))).not.toContain("content.payslip_net:high");
  });

  it("holds net pay to the bound where OCR left a deduction's amount unread, if its label says it is one", () => {
    const advice = (net: string, unread = "Pension", earnings: RowSpec[] = []) =>
      netFindings(
        photographed([
          [[0.08, "Pay element"], right(0.6, "Amount")],
          ...earnings,
          [[0.08, "Gross pay"], right(0.6, "2,000.00")],
          [[0.08, "Income tax"], right(0.6, "-300.00")],
          [[0.08, unread]],
          [[0.08, "Net pay"], right(0.6, net)],
        ]),
      );
    const vouched: RowSpec[] = [
      [[0.08, "Base salary"], right(0.6, "1,600.00")],
      [[0.08, "Bonus"], right(0.6, "400.00")],
    ];
    // 2,000.00 - 300.00 leaves at most 1,700.00 whatever the pension is; no look-alike digit of
    // 2,222.22 or of the figures read surely closes 522.22.
    const raised = advice("2,222.22", "Pension", vouched);
    expect(ids(raised)).toEqual(["content.payslip_net:high"]);
    expect(raised[0]!.evidence).toMatchObject({ unread_deductions: ["Pension"], bound: { excess: 522.22 } });
    // Its twins: the genuine net under the bound, and an unread line that may be a payment.
    expect(advice("1,618.07", "Pension", vouched)).toEqual([]);
    expect(advice("2,222.22", "Expenses refund", vouched)).toEqual([]);
    // Gross pay unvouched: its leading 2 could be a misread 7, which would excuse the excess, so the
    // break is medium until a second reading of that one figure (reread-figures.ts) says otherwise.
    const unvouched = advice("2,222.22");
    expect(ids(unvouched)).toEqual(["content.payslip_net:medium"]);
    expect(unvouched[0]!.evidence).toMatchObject({ ocr_confirm: { figure: { read: "2,000.00" } } });
  });

  it("takes a deduction's figure a photo's tilt set in a row of its own, and its label for its sign", () => {
    // "Social security" and its figure read as two rows; the minus of it and of the pension lost.
    const advice = (net: string, unsure = 60) => {
      const ctx = photographed([
        [[0.08, "Pay element"], right(0.6, "Amount")],
        [[0.08, "Base salary"], right(0.6, "3,787.23")],
        [[0.08, "Overtime"], right(0.6, "567.54")],
        [[0.08, "Gross pay"], right(0.6, "4,354.77")],
        [[0.08, "Income tax"], right(0.6, "-715.65")],
        [right(0.6, "407.17")],
        [[0.08, "Social security"]],
        [[0.08, "Pension"], right(0.6, "164.38")],
        [[0.08, "Net pay"], right(0.6, net)],
      ]);
      for (const t of ctx.pages[0]!.text) if (t.text === "407.17" || t.text === "164.38") t.confidence = unsure;
      return netFindings(ctx);
    };
    // 4,354.77 - 715.65 - 407.17 - 164.38 = 3,067.57: a net raised by 500.00 breaks it (weighed as
    // unsurely as the two figures were read, until a second reading of them, reread-figures.ts).
    const raised = advice("3,567.57");
    expect(raised.map((f) => f.check)).toEqual(["content.payslip_net"]);
    expect(raised[0]!.evidence).toMatchObject({ deductions: [-715.65, -407.17, -164.38], difference: -500 });
    expect(advice("3,067.57")).toEqual([]);
    // Read surely without their minus, the two lines may be payments: the sum is left unread.
    expect(advice("3,567.57", 90)).toEqual([]);
  });

  it("reads past the table's rules that OCR read as rows of marks between the lines", () => {
    // A photographed table whose borders came out as rows of "|" or an "l": no line of the payslip.
    const ruled = (net: string): RowSpec[] => [
      "PAY ADVICE October 2024",
      [[0.08, "Pay element"], [0.45, "|"], right(0.6, "Amount")],
      [[0.08, "Base salary"], right(0.6, "2,426.26")],
      [[0.08, "Overtime"], right(0.6, "530.06")],
      [[0.08, "Gross pay"], right(0.6, "2,956.32")],
      // A rule's stroke read as an l.
      [[0.45, "l"]],
      [[0.08, "Income tax"], right(0.6, "-363.52")],
      [[0.45, "|"]],
      [[0.08, "Social security"], right(0.6, "-276.42")],
      [[0.08, "Pension"], [0.45, "|"], right(0.6, "-100.44")],
      [[0.45, "—"]],
      [[0.08, "Net pay"], right(0.6, net)],
    ];
    expect(run(ruled("2,215.94"), "ocr")).toEqual([]);
    expect(ids(run(ruled("3,215.94"), "ocr"))).toEqual(["content.payslip_net:high"]);
  });

  it("weighs a break one look-alike digit can explain as OCR noise", () => {
    // 3,000.00 read as 3,080.00 (0 and 8 are confused by OCR).
    const findings = run(stacked({ "Basic salary": ["3,080.00", "9,000.00"] }), "ocr");
    expect(ids(findings)).toEqual(["content.payslip_sum:low"]);
    // The same numbers in a PDF text layer are not a reading error.
    expect(ids(run(stacked({ "Basic salary": ["3,080.00", "9,000.00"] })))).toEqual(["content.payslip_sum:high"]);
  });

  it("reads earnings and deductions printed side by side", () => {
    const rows = (gross: string): RowSpec[] => [
      "PAYSLIP March 2024",
      [
        [0.05, "Earnings"],
        [0.5, "Deductions"],
      ],
      [[0.05, "Basic pay"], right(0.4, "2.000,00"), [0.5, "Income tax"], right(0.9, "300,00")],
      [[0.05, "Shift allowance"], right(0.4, "150,00"), [0.5, "Pension"], right(0.9, "100,00")],
      [[0.05, "Gross pay"], right(0.4, gross), [0.5, "Total deductions"], right(0.9, "400,00")],
      [[0.05, "Net pay"], right(0.4, "1.750,00")],
    ];
    expect(run(rows("2.150,00"))).toEqual([]);
    const findings = run(rows("2.450,00"));
    expect(ids(findings)).toEqual(["content.payslip_sum:high", "content.payslip_net:high"]);
  });

  it("sums a single table with earnings and deductions columns", () => {
    const rows = (total: string): RowSpec[] => [
      "Harbor & Stone LLP PAYSLIP",
      [[0.08, "Description"], right(0.6, "Earnings"), right(0.8, "Deductions")],
      [[0.08, "Basic salary"], right(0.6, "2,067.81")],
      [[0.08, "Overtime"], right(0.6, "52.54")],
      [[0.08, "Income tax"], right(0.8, "434.19")],
      [[0.08, "Social security"], right(0.8, "131.76")],
      [[0.08, "Totals"], right(0.6, total), right(0.8, "565.95")],
      [[0.08, "NET PAY"], right(0.8, "1,554.40")],
    ];
    expect(run(rows("2,120.35"))).toEqual([]);
    const findings = run(rows("3,120.35"));
    expect(ids(findings)).toEqual(["content.payslip_sum:high", "content.payslip_net:high"]);
    expect(findings[0]!.evidence).toMatchObject({ stated: 3120.35, computed: 2120.35 });
  });

  it("takes letters OCR made of specks beside a deduction figure for no label: one table, read whole", () => {
    // A scanned payslip whose overtime and income-tax figures OCR could not read ("eer", "ili 27272").
    const rows = (net: string): RowSpec[] => [
      "Aster & Finch LLP",
      [
        [0.08, "Employee"],
        [0.27, "Chiara Dubois"],
      ],
      [
        [0.09, "Description"],
        [0.51, "Earnings"],
        [0.58, "(EUR)"],
        [0.78, "Deductions"],
        [0.86, "(EUR)"],
      ],
      [
        [0.09, "Base salary"],
        [0.56, "6,280.62"],
      ],
      [
        [0.09, "Overtime"],
        [0.57, "eer"],
      ],
      [
        [0.09, "Income tax"],
        [0.84, "ili"],
        [0.85, "27272"],
      ],
      [
        [0.09, "Social security"],
        [0.85, "598.45"],
      ],
      [
        [0.09, "Pension"],
        [0.85, "153.86"],
      ],
      [
        [0.09, "Gross pay"],
        [0.56, "6,400.54"],
      ],
      [
        [0.09, "Total deductions"],
        [0.84, "2,025.03"],
      ],
      [
        [0.1, "Net pay"],
        [0.76, "EUR"],
        [0.81, net],
      ],
    ];
    const UNREAD: Record<string, number> = { eer: 38, ili: 8, "27272": 0 };
    const read = (net: string, specks: number) => {
      const ctx = makeContext({ docType: "payslip", pages: [{ rows: rows(net), source: "ocr", confidence: 96 }] });
      for (const item of ctx.pages[0]!.text)
        if (item.text in UNREAD) item.confidence = item.text === "ili" ? specks : UNREAD[item.text]!;
      return ids(contentFindings(ctx, NOW));
    };
    expect(read("4,375.51", 8)).toEqual([]);
    expect(read("5,575.51", 8)).toEqual(["content.payslip_net:high"]);
    // Read as a word, it would be a label: the deductions a block of their own, the net pay's figure
    // out of reach of its label.
    expect(read("5,575.51", 90)).toEqual([]);
  });

  it("joins a total label and its amount that a tilted photo split into two rows", () => {
    const split = (net: string): RowSpec[] => [
      ...stacked().slice(0, -1),
      [[0.08, "NET PAY"]],
      [right(0.6, net), right(0.8, "6,650.00")],
    ];
    expect(run(split("2,250.00"), "ocr")).toEqual([]);
    expect(ids(run(split("3,250.00"), "ocr"))).toEqual(["content.payslip_net:high"]);
    expect(ids(run(split("3,250.00")))).toEqual(["content.payslip_net:high"]);
  });

  it("reads one table whose earnings and deductions columns hold figures only, past a row OCR could not read", () => {
    // The labels are all at the left; the deductions header heads a column of figures, not a
    // second section. The first item row sits on a shaded band OCR read as noise at confidence 0.
    const rows = (net: string): RowSpec[] => [
      "Cobalt Systems B.V.",
      [
        [0.1, "Description"],
        [0.52, "Earnings"],
        [0.59, "(EUR)"],
        [0.78, "Deductions"],
        [0.87, "(EUR)"],
      ],
      [[0.1, "Eeyore ee ae"]],
      [[0.1, "Overtime"], right(0.628, "87.37")],
      [[0.1, "Income tax"], right(0.906, "628.61")],
      [[0.1, "Social security"], right(0.909, "458.25")],
      [[0.1, "Pension"], right(0.909, "114.92")],
      [[0.1, "Gross pay"], right(0.627, "4,901.10")],
      [[0.1, "Total deductions"], right(0.908, "1,201.78")],
      [[0.1, "Net pay"], [0.76, "EUR"], right(0.897, net)],
    ];
    const read = (net: string) => {
      const ctx = makeContext({ docType: "payslip", pages: [{ rows: rows(net), source: "ocr" }] });
      for (const item of ctx.pages[0]!.text) if (item.text === "Eeyore ee ae") item.confidence = 0;
      return contentFindings(ctx, NOW);
    };
    expect(read("3,699.32")).toEqual([]);
    expect(ids(read("4,499.32"))).toEqual(["content.payslip_net:high"]);
  });

  it("keeps reading a column table past an item whose amount OCR garbled, for the net pay", () => {
    const rows = (net: string): RowSpec[] => [
      "Harbor & Stone LLP PAYSLIP",
      [[0.08, "Description"], right(0.6, "Earnings"), right(0.8, "Deductions")],
      [[0.08, "Basic salary"], right(0.6, "2,067.81")],
      [[0.08, "Overtime"], right(0.6, "1139124")],
      [[0.08, "Income tax"], right(0.8, "434.19")],
      [[0.08, "Social security"], right(0.8, "57.8:517;")],
      [[0.08, "Totals"], right(0.6, "2,120.35"), right(0.8, "565.95")],
      [[0.08, "NET PAY"], right(0.8, net)],
    ];
    expect(run(rows("1,554.40"), "ocr")).toEqual([]);
    expect(ids(run(rows("2,554.40"), "ocr"))).toEqual(["content.payslip_net:high"]);
  });

  it("does not sum a section with an item OCR could not read, but still checks its net pay", () => {
    const garbled = (net: string): RowSpec[] =>
      stacked({ "Basic salary": ["3,0O0.0:0;", "9,000.00"], "Net pay": [net, "6,650.00"] }).map((row) =>
        Array.isArray(row) && row[0]?.[1] === "Basic salary" ? [row[0], row[1]!] : row,
      );
    expect(run(garbled("2,250.00"), "ocr")).toEqual([]);
    expect(ids(run(garbled("3,250.00"), "ocr"))).toEqual(["content.payslip_net:high"]);
    // Read cleanly, the same section with an edited line is flagged.
    expect(ids(run(stacked({ Overtime: ["1,250.00", "500.00"] }), "ocr"))).toContain("content.payslip_sum:high");
  });

  describe("a single amount column printing deductions as negative lines", () => {
    const signed = (overrides: Record<string, string> = {}, form = (v: string) => `-${v}`): RowSpec[] => {
      const line = (label: string, amount: string, bold = false): RowSpec => [
        [0.08, bold ? label.toUpperCase() : label],
        right(0.85, overrides[label] ?? amount),
      ];
      return [
        "Brightwater Logistics Ltd",
        "PAYSLIP   Employee: Thomas Whitfield   Pay date: 30/09/2025",
        [[0.08, "Description"], right(0.85, "Amount")],
        line("Basic salary", "3,250.00"),
        line("Overtime", "412.50"),
        line("Income tax", form("642.10")),
        line("National Insurance", form("291.00")),
        line("Pension", form("183.13")),
        line("Gross pay", "3,662.50", true),
        line("Total deductions", "1,116.23", true),
        line("Net pay", "2,546.27", true),
      ];
    };

    it("reads the negative lines as deductions, however the sign is printed", () => {
      expect(run(signed())).toEqual([]);
      expect(run(signed(), "ocr")).toEqual([]);
      expect(run(signed({}, (v) => `(${v})`))).toEqual([]);
      expect(run(signed({}, (v) => `${v}-`))).toEqual([]);
    });

    it("flags an edited net pay", () => {
      expect(ids(run(signed({ "Net pay": "3,546.27" })))).toEqual(["content.payslip_net:high"]);
    });

    it("flags a raised salary that no longer adds up to gross pay", () => {
      const findings = run(signed({ "Basic salary": "4,250.00" }));
      expect(ids(findings)).toEqual(["content.payslip_sum:high"]);
      expect(findings[0]!.evidence).toMatchObject({ stated: 3662.5, computed: 4662.5, difference: 1000 });
    });

    it("weighs a deduction whose minus OCR lost as a possible misread", () => {
      expect(ids(run(signed({ Pension: "183.13" }), "ocr"))).toEqual(["content.payslip_sum:low"]);
    });
  });

  it("sums deductions printed negative under a total printed without its sign", () => {
    const rows = (total: string) =>
      stacked({
        "Income tax": ["-600.00", "1,700.00"],
        "National Insurance": ["-250.00", "700.00"],
        Pension: ["-150.00", "450.00"],
        "Total deductions": [total, "2,850.00"],
      });
    expect(run(rows("1,000.00"))).toEqual([]);
    expect(ids(run(rows("1,500.00")))).toContain("content.payslip_sum:high");
  });
});

describe("payslips labelled in German", () => {
  const lohn = (net: string): RowSpec[] => [
    "Beispiel GmbH - Entgeltabrechnung März 2024",
    [[0.08, "Grundgehalt"], right(0.8, "3.000,00")],
    [[0.08, "Überstunden"], right(0.8, "250,00")],
    [[0.08, "Bruttolohn"], right(0.8, "3.250,00")],
    [[0.08, "Lohnsteuer"], right(0.8, "600,00")],
    [[0.08, "Sozialversicherung"], right(0.8, "400,00")],
    [[0.08, "Summe Abzüge"], right(0.8, "1.000,00")],
    [[0.08, "Nettolohn"], right(0.8, net)],
  ];

  it("reads Bruttolohn, Summe Abzüge and Nettolohn", () => {
    expect(run(lohn("2.250,00"))).toEqual([]);
    expect(ids(run(lohn("2.750,00")))).toEqual(["content.payslip_net:high"]);
  });

  it.each([
    ["Croatian", "Primanja", "Bruto plaća", "Obustave", "Ukupno obustave", "Neto plaća"],
    ["Spanish", "Devengos", "Total devengado", "Deducciones", "Total deducciones", "Líquido a percibir"],
    ["Dutch", "Verdiensten", "Brutoloon", "Inhoudingen", "Totaal inhoudingen", "Nettoloon"],
    ["Polish", "Składniki", "Wynagrodzenie brutto", "Potrącenia", "Suma potrąceń", "Do wypłaty"],
  ])("reads a %s payslip's gross, deductions and net pay", (_, earnings, gross, deductions, total, net) => {
    const slip = (paid: string): RowSpec[] => [
      "Cobalt Systems d.o.o.",
      [[0.08, earnings]],
      [[0.08, "Osnovna"], right(0.6, "3.000,00")],
      [[0.08, "Dodatak"], right(0.6, "250,00")],
      [[0.08, gross], right(0.6, "3.250,00")],
      [[0.08, deductions]],
      [[0.08, "Porez"], right(0.6, "600,00")],
      [[0.08, "Mirovinsko"], right(0.6, "400,00")],
      [[0.08, total], right(0.6, "1.000,00")],
      [[0.08, net], right(0.6, paid)],
    ];
    expect(run(slip("2.250,00"))).toEqual([]);
    expect(ids(run(slip("2.750,00")))).toEqual(["content.payslip_net:high"]);
  });
});

describe("a net pay printed under its caption", () => {
  const boxed = (net: string): RowSpec[] => [...stacked().slice(0, -1), [[0.6, "Net pay"]], [right(0.75, net)]];

  it("reads the figure under the Net pay caption, and flags a raised one", () => {
    expect(run(boxed("2,250.00"))).toEqual([]);
    expect(ids(run(boxed("3,050.00")))).toEqual(["content.payslip_net:high"]);
  });
});

describe("sections closed by a bare Total", () => {
  const sections = (net: string, grossTotal = "3,250.00"): RowSpec[] => [
    "ACME LIMITED - PAYSLIP March 2024",
    [[0.08, "Earnings"], right(0.4, "Amount"), [0.5, "Deductions"], right(0.9, "Amount")],
    [[0.08, "Basic salary"], right(0.4, "3,000.00"), [0.5, "Income tax"], right(0.9, "600.00")],
    [[0.08, "Overtime"], right(0.4, "250.00"), [0.5, "Social security"], right(0.9, "400.00")],
    [[0.08, "Total"], right(0.4, grossTotal), [0.5, "Total"], right(0.9, "1,000.00")],
    [[0.5, "Net pay"], right(0.9, net)],
  ];

  it("reads each section's Total as its gross pay or total deductions", () => {
    expect(run(sections("2,250.00"))).toEqual([]);
    expect(ids(run(sections("3,050.00")))).toEqual(["content.payslip_net:high"]);
    expect(ids(run(sections("2,250.00", "3,750.00")))).toEqual([
      "content.payslip_sum:high",
      "content.payslip_net:high",
    ]);
  });
});
