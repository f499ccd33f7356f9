import { describe, expect, it } from "vitest";
import { makeContext } from "@/tests/forensics-support/content-context";
import { codeFindings } from "./code-findings";
import type { DecodedCode } from "./decode-codes";
import { printedAmount } from "./printed-amount";

const qr = (text: string): DecodedCode => ({
  format: "QRCode",
  text,
  valid: true,
  error: "",
  region: { x: 0.8, y: 0.85, width: 0.1, height: 0.1 },
});

/** A scanned payslip whose totals the read stage did not take as fields. */
const payslip = (gross: string, net: string) =>
  makeContext({
    docType: "payslip",
    fields: { employee: "Piotr Yamamoto" },
    pages: [
      {
        source: "ocr",
        rows: [
          "Orion Freight B.V.",
          "Year to date gross: 50,115.92",
          [
            [0.1, "Gross pay"],
            [0.6, gross],
            [0.8, "50,115.92"],
          ],
          [
            [0.1, "NET PAY"],
            [0.8, net],
          ],
        ],
      },
    ],
  });

describe("a payslip's printed totals", () => {
  it("are read from the line that starts with their label, not a year-to-date line", () => {
    const ctx = payslip("6,264.49", "5,207.08");
    expect(printedAmount(ctx, "gross_pay")).toBe(6264.49);
    expect(printedAmount(ctx, "net_pay")).toBe(5207.08);
  });

  it("contradict a code whose totals were changed with the print", () => {
    const code = qr("GROSS=3764.49;NET=2707.08");
    const edited = codeFindings(payslip("6,264.49", "5,207.08"), 1, [code]);
    expect(edited.find((f) => f.check === "codes.payload_mismatch")?.severity).toBe("high");
    const genuine = codeFindings(payslip("3,764.49", "2,707.08"), 1, [code]);
    expect(genuine.find((f) => f.check === "codes.payload_mismatch")).toBeUndefined();
  });
});
