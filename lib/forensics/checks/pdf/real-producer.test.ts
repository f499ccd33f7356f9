// A PDF printed by headless Chromium (Skia/PDF: subset Type0 fonts, ToUnicode maps, text split
// into many runs), made from tests/forensics-support/pdf/samples/chrome-payslip.html. Real producer output, so the
// checks are exercised on more than pdf-lib's own writing.
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pageGraphics } from "./content/page-graphics";
import { loadPdf, pageModels } from "./document";
import { check } from "./index";
import { contextFor } from "@/tests/forensics-support/pdf/fixtures";
import { pdfSample } from "@/tests/forensics-support/pdf/samples";
import { saveIncrementally } from "@/tests/forensics-support/pdf/save-incrementally";

const chrome = pdfSample("chrome-payslip.pdf");
const run = (bytes: Uint8Array) => check.run(contextFor(bytes, "pdf"), () => {});

async function netPayBox() {
  const doc = await loadPdf(chrome);
  const [model] = pageModels(doc);
  return pageGraphics(doc, model).runs.find((r) => r.text === "3,132.25")!.box;
}

async function overlay(doc: PDFDocument) {
  const box = await netPayBox();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.getPage(0);
  page.drawRectangle({
    x: box.x0 - 2,
    y: box.y0 - 1,
    width: box.x1 - box.x0 + 4,
    height: box.y1 - box.y0 + 2,
    color: rgb(1, 1, 1),
  });
  page.drawText("5,132.25", { x: box.x0, y: box.y0 + 2, size: 10, font });
}

describe("pdf check on a Chromium-printed payslip", () => {
  it("decodes Skia's subset fonts into text", async () => {
    const doc = await loadPdf(chrome);
    const [model] = pageModels(doc);
    const texts = pageGraphics(doc, model).runs.map((r) => r.text);
    expect(texts).toContain("4,250.00");
    expect(texts).toContain("John Q. Public");
  });

  it("raises no alarm on the genuine file", async () => {
    expect((await run(chrome)).filter((f) => f.severity !== "info")).toEqual([]);
  });

  it("finds a white-out and retype saved incrementally, and saved as a whole new file", async () => {
    const incremental = await run(await saveIncrementally(chrome, overlay));
    expect(incremental.map((f) => `${f.check}:${f.severity}`)).toEqual(
      expect.arrayContaining(["pdf.hidden_text:high", "pdf.incremental_update:critical", "pdf.late_font:medium"]),
    );
    const doc = await PDFDocument.load(chrome);
    await overlay(doc);
    const rewritten = await run(await doc.save());
    expect(rewritten.find((f) => f.check === "pdf.hidden_text")).toMatchObject({
      severity: "high",
      evidence: { hidden_text: ["3,132.25"], text_on_top: ["5,132.25"] },
    });
  });
});
