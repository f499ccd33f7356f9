import { describe, expect, it } from "vitest";
import { makeContext } from "@/tests/forensics-support/content-context";
import { codeFindings } from "./code-findings";
import type { DecodedCode } from "./decode-codes";
import { presentedName } from "./presented-name";

const QR: DecodedCode = {
  format: "QRCode",
  text: "https://verify.westbrook.example/check?cert_no=UWB-2024-018832&name=Amelia+Hartmann&date=15+July+2024",
  valid: true,
  error: "",
  region: { x: 0.8, y: 0.8, width: 0.1, height: 0.1 },
};

/** A photographed diploma: OCR left a speck in the name line, so the read stage has no holder_name. */
const diploma = (nameLine: string, confidence = 92) =>
  makeContext({
    docType: "diploma",
    fields: { document_number: "UWB-2024-018832", issue_date: "2024-07-15" },
    pages: [
      {
        source: "ocr",
        confidence,
        rows: [
          "University of Westbrook",
          "This is to certify that",
          nameLine,
          "has fulfilled the requirements for the degree of",
          "Date of issue: 15 July 2024",
          "Certificate No.: UWB-2024-018832",
        ],
      },
    ],
  });

const mismatch = (nameLine: string, confidence?: number) =>
  codeFindings(diploma(nameLine, confidence), 1, [QR]).find((f) => f.check === "codes.payload_mismatch");

describe("the name a certificate presents", () => {
  it("is read after the presenting phrase, OCR specks dropped", () => {
    expect(presentedName(diploma("Emily[J] Hartley"))).toBe("Emily J Hartley");
    expect(presentedName(diploma("has fulfilled"))).toBeNull();
  });

  it("takes no closing for the name, and ends a name at its comma", () => {
    expect(presentedName(diploma("Yours Sincerely,"))).toBeNull();
    expect(presentedName(diploma("Emily Hartley, born 3 May 2001,"))).toBe("Emily Hartley");
  });

  it("reads a name set in display size, one word to a row, with a low-confidence speck beside it", () => {
    const ctx = diploma("");
    const page = ctx.pages[0]!;
    const nameRow = page.text.find((t) => t.text === "")!;
    // The lines below move down to make room for the large name, as on the printed page.
    page.text = page.text.filter((t) => t !== nameRow).map((t) => (t.y > nameRow.y ? { ...t, y: t.y + 0.06 } : t));
    const word = (text: string, x: number, height: number, confidence: number) => ({
      ...nameRow,
      text,
      x,
      y: nameRow.y,
      width: text.length * 0.03,
      height,
      confidence,
    });
    // Several times the body's height: the rows keep each word apart.
    page.text.push(word("[J]", 0.3, 0.01, 38), word("Emily", 0.35, 0.06, 95), word("Hartley", 0.55, 0.06, 95));
    expect(presentedName(ctx)).toBe("J Emily Hartley");
  });

  it("contradicts a code whose name the printed name line does not carry", () => {
    expect(mismatch("Emily[J] Hartley")).toMatchObject({ severity: "high", evidence: { format: "QRCode" } });
    expect(mismatch("Amelia[J] Hartmann")).toBeUndefined();
  });

  it("stays a doubt when the name line was read unsurely (a decorative script)", () => {
    expect(mismatch("Emily[J] Hartley", 55)?.severity).toBe("medium");
  });
});
