import { describe, expect, it } from "vitest";
import { contentFindings } from "./index";
import { type RowSpec, makeContext, right, findingIds as ids } from "@/tests/forensics-support/content-context";

const NOW = new Date("2024-06-01T00:00:00Z");

function bill(charges: Array<[string, string]> = CHARGES, total = "84.53"): RowSpec[] {
  return [
    "Northern Power Ltd   Electricity bill",
    "Account number 4471 2290 18   Supply address 12 High Street, Leeds LS1 4AB",
    "Billing period 01/03/2024 - 31/03/2024",
    [
      [0.08, "Previous reading 10234"],
      [0.5, "Present reading 10480"],
    ],
    [[0.08, "Your charges"], right(0.9, "Amount")],
    ...charges.map(([label, amount]): RowSpec => [[0.08, label], right(0.9, amount)]),
    [[0.08, "Total amount due"], right(0.9, total)],
  ];
}

const CHARGES: Array<[string, string]> = [
  ["Previous balance", "50.00"],
  ["Payment received, thank you", "50.00"],
  ["Standing charge 31 days at 0.53", "16.43"],
  ["Energy 246 kWh at 0.245", "60.27"],
  ["VAT at 5%", "3.83"],
  ["Climate change levy", "4.00"],
];

const run = (rows: RowSpec[], source: "pdf" | "ocr" = "pdf") =>
  contentFindings(makeContext({ docType: "utility_bill", pages: [{ rows, source }] }), NOW);

describe("utility bill arithmetic", () => {
  it("raises nothing when the charges, the previous balance and the payment give the amount due", () => {
    expect(run(bill())).toEqual([]);
    expect(run(bill(), "ocr")).toEqual([]);
  });

  it("flags an amount due the charges do not give (its twin with the total edited)", () => {
    const findings = run(bill(CHARGES, "54.53"));
    expect(ids(findings)).toEqual(["content.bill_total:high"]);
    expect(findings[0]!.evidence).toMatchObject({ stated: 54.53, computed: 84.53, difference: 30 });
  });

  it("weighs a break one look-alike digit explains as an OCR misread", () => {
    const misread = CHARGES.map(([l, a]): [string, string] => (l.startsWith("Energy") ? [l, "66.27"] : [l, a]));
    expect(ids(run(bill(misread), "ocr"))).toEqual(["content.bill_total:low"]);
  });

  it("reads a total as its subtotal plus VAT (twin: a total that is not)", () => {
    const rows = (total: string): RowSpec[] => [
      "Aquavia Water Services   Your water bill",
      [[0.08, "Charge"], right(0.9, "EUR")],
      [[0.08, "Water supply 22 m3 1.553300"], right(0.9, "34.17")],
      [[0.08, "Wastewater 29 m3 2.843900"], right(0.9, "82.47")],
      [[0.08, "Standing charge 30 days"], right(0.9, "13.50")],
      [[0.08, "Subtotal"], right(0.9, "130.14")],
      [[0.08, "VAT 19%"], right(0.9, "24.73")],
      [[0.08, "TOTAL DUE"], right(0.9, total)],
    ];
    expect(run(rows("154.87"))).toEqual([]);
    const forged = run(rows("184.87"));
    expect(ids(forged)).toEqual(["content.bill_total:high"]);
    expect(forged[0]!.evidence).toMatchObject({ computed: 154.87 });
  });

  /** Charges, a subtotal under its own label, VAT and the amount due, as a photo's OCR gives them. */
  const taxed = (subtotal: string, energy = "44.57", total = "295.75"): RowSpec[] => [
    "Greenfield Power & Gas   Electricity - your bill",
    [[0.08, "Description"], [0.4, "Consumption"], [0.6, "Unit price"], right(0.9, "Amount")],
    [[0.08, "Energy charge"], [0.4, "144 kWh"], [0.6, "0.3095"], right(0.9, energy)],
    [[0.08, "Network charge"], [0.4, "496 kWh"], [0.6, "0.3840"], right(0.9, "190.46")],
    [[0.08, "Standing charge"], [0.4, "30 days"], [0.6, "0.4500"], right(0.9, "13.50")],
    [[0.08, subtotal], right(0.9, "248.53")],
    [[0.08, "VAT 19 %"], right(0.9, "47.22")],
    [[0.08, "Amount due"], right(0.9, total)],
  ];

  it("reads a subtotal the total vocabulary lacks as the lines above it, not one more charge", () => {
    expect(run(taxed("Net amount"), "ocr")).toEqual([]);
    expect(run(taxed("Charges before tax"), "ocr")).toEqual([]);
    expect(run(taxed("Net amount"))).toEqual([]);
  });

  it("judges no subtotal whose first charge's amount OCR read without its decimal point (its twin read whole)", () => {
    const lost = taxed("Subtotal").map((row, i): RowSpec =>
      i === 2 ? [[0.08, "Energy charge"], [0.4, "144 kWh"], [0.6, "0.3095"], right(0.9, "4457")] : row,
    );
    expect(run(lost, "ocr")).toEqual([]);
    // The same page with the subtotal edited still breaks the sum the lines read whole give.
    expect(ids(run(taxed("Subtotal", "74.57"), "ocr"))).toEqual(["content.bill_total:high"]);
  });

  it("judges no sum over charges that end at a line OCR could not read (its twin read surely)", () => {
    // A shaded first charge under the header's rule, OCR'd as words at 20 with no amount.
    const shaded = (confidence: number) => {
      const rows = taxed("Subtotal").map((row, i): RowSpec => (i === 2 ? "Enology Sharpes oe Lanne" : row));
      const ctx = makeContext({ docType: "utility_bill", pages: [{ rows, source: "ocr" }] });
      for (const item of ctx.pages[0]?.text ?? []) if (item.text.startsWith("Enology")) item.confidence = confidence;
      return ids(contentFindings(ctx, NOW));
    };
    expect(shaded(20)).toEqual([]);
    expect(shaded(90)).toEqual(["content.bill_total:high"]);
  });

  it("still flags an edited amount due or an edited charge below such a subtotal (their twins)", () => {
    for (const label of ["Net amount", "Charges before tax"]) {
      const total = run(taxed(label, "44.57", "325.75"));
      expect(ids(total)).toEqual(["content.bill_total:high"]);
      expect(total[0]!.evidence).toMatchObject({ stated: 325.75 });
      expect(ids(run(taxed(label, "74.57")))).toEqual(["content.bill_total:high"]);
    }
  });

  it("reads a total set at its cell's left under charges aligned at the right (a word processor's table)", () => {
    // Headers and the bold amount due at their cells' left, the other amounts at the right.
    const rows = (total: string): RowSpec[] => [
      "Stadtische Werke Lindau   Electricity - your bill",
      [
        [0.1, "Description"],
        [0.37, "Consumption"],
        [0.61, "Unit price"],
        [0.8, "Amount"],
      ],
      [[0.1, "Energy charge"], right(0.6, "685 kWh"), right(0.79, "0.1565"), right(0.948, "107.20")],
      [[0.1, "Network charge"], right(0.6, "181 kWh"), right(0.79, "0.3901"), right(0.948, "70.61")],
      [[0.1, "Standing charge"], right(0.6, "30 days"), right(0.79, "0.4500"), right(0.948, "13.50")],
      [[0.1, "Net amount"], right(0.948, "191.31")],
      [[0.1, "VAT (19%)"], right(0.948, "36.35")],
      [
        [0.1, "Amount due"],
        [0.802, total],
      ],
    ];
    expect(run(rows("227.66"))).toEqual([]);
    const forged = run(rows("107.66"));
    expect(ids(forged)).toEqual(["content.bill_total:high"]);
    expect(forged[0]!.evidence).toMatchObject({ stated: 107.66, computed: 227.66 });
    // As OCR reads it: the bold label's words joined, a rule of the table read as a row of its own.
    const ocr = (total: string): RowSpec[] => [
      ...rows(total).slice(0, -1),
      [
        [0.1, "|"],
        [0.5, "—"],
        [0.9, "|"],
      ],
      [
        [0.1, "Amountdue"],
        [0.802, total],
      ],
    ];
    expect(run(ocr("227.66"), "ocr")).toEqual([]);
    expect(ids(run(ocr("107.66"), "ocr"))).toEqual(["content.bill_total:high"]);
    // A figure left of the charges' column (under the unit price) is not their total.
    expect(
      run([
        ...rows("227.66").slice(0, -1),
        [
          [0.1, "Amount due"],
          [0.7, "107.66"],
        ],
      ]),
    ).toEqual([]);
  });

  it("is not read as a bank statement although it has an account and a previous balance", () => {
    expect(
      run(bill()).filter((f) => f.check.startsWith("content.running") || f.check.startsWith("content.statement")),
    ).toEqual([]);
  });
});

describe("totals labelled in other words", () => {
  const labelled = (label: string, total: string): RowSpec[] => [
    "Stadtwerke Beispiel   Electricity bill",
    [[0.08, "Description"], right(0.9, "Amount")],
    [[0.08, "Energy charge"], right(0.9, "215.11")],
    [[0.08, "Network charge"], right(0.9, "37.30")],
    [[0.08, "Standing charge"], right(0.9, "13.50")],
    [[0.08, label], right(0.9, total)],
  ];

  it("reads a bare Total, a Grand total, a Total incl. VAT and an Amount payable as the bill's total", () => {
    for (const label of ["Total", "TOTAL:", "Grand total", "Total (incl. VAT)", "Amount payable"]) {
      expect(run(labelled(label, "265.91"))).toEqual([]);
      expect(ids(run(labelled(label, "225.91")))).toEqual(["content.bill_total:high"]);
    }
  });
});

describe("a total printed under its caption", () => {
  const boxed = (total: string): RowSpec[] => [
    "Northern Water   Water bill",
    [[0.08, "Description"], right(0.6, "Amount")],
    [[0.08, "Water supply"], right(0.6, "54.20")],
    [[0.08, "Wastewater"], right(0.6, "38.10")],
    [[0.08, "Standing charge"], right(0.6, "13.50")],
    [[0.7, "Amount due"]],
    [[0.7, `EUR ${total}`]],
  ];

  it("reads the figure under an Amount due caption as the bill's total, and flags a lowered one", () => {
    expect(run(boxed("105.80"))).toEqual([]);
    expect(ids(run(boxed("65.80")))).toEqual(["content.bill_total:high"]);
  });
});
