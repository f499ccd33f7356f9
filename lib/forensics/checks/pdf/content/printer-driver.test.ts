// Printer-driver PDFs (a PostScript driver's output through Ghostscript): a table row is set in one
// TJ that jumps from column to column, often in a Type 3 font whose widths are in 1/2048 units.
// Built here as Ghostscript writes them (its ps2pdf output for such a row, reproduced by hand).
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { loadPdf, pageModels } from "../document";
import { layeringFindings } from "./layering";
import { pageGraphics } from "./page-graphics";

/** Ghostscript's Type 3 font: FontMatrix 1/2048, every glyph 1139 units wide (0.556 em, like Arial's digits). */
function type3Font(doc: PDFDocument) {
  const glyph = doc.context.register(doc.context.stream("1139 0 0 0 1000 1400 d1 100 0 800 1400 re f"));
  const names = [
    "space",
    "period",
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "m",
  ];
  const codes = [32, 46, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 109];
  return doc.context.register(
    doc.context.obj({
      Type: "Font",
      Subtype: "Type3",
      FontMatrix: [0.00048828125, 0, 0, 0.00048828125, 0, 0],
      FontBBox: [0, 0, 2048, 2048],
      Resources: {},
      CharProcs: Object.fromEntries(names.map((n) => [n, glyph])),
      Encoding: { Type: "Encoding", Differences: codes.flatMap((c, i) => [c, PDFName.of(names[i] as string)]) },
      FirstChar: 32,
      LastChar: 109,
      Widths: Array.from({ length: 78 }, () => 1139),
    }),
  );
}

async function bill(rows: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of("T3"), type3Font(doc));
  page.node.setFontDictionary(PDFName.of("F1"), helvetica.ref);
  page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(rows)));
  const loaded = await loadPdf(await doc.save());
  const [model] = pageModels(loaded);
  const graphics = pageGraphics(loaded, model!);
  return { graphics, findings: layeringFindings(graphics, model!) };
}

// "8 m3" at 72, "2.645100" at 100 (after a 7.98 pt jump), both in one TJ; "21.16" at 143, placed by
// its own Tm 3 pt after "2.645100" ends (8 glyphs × 5.005 pt = 140.04).
const ROW =
  "BT /T3 9 Tf 1 0 0 1 72 700 Tm [(8 m3)-886.469(2.645100)]TJ ET\nBT /T3 9 Tf 1 0 0 1 143 700 Tm (21.16) Tj ET\n";

describe("text runs of printer-driver PDFs", () => {
  it("sizes Type 3 glyphs through the font's matrix and keeps each column its own run", async () => {
    const { graphics, findings } = await bill(ROW);
    const byText = Object.fromEntries(graphics.runs.map((r) => [r.text, r.box]));
    expect(Object.keys(byText)).toEqual(["8 m3", "2.645100", "21.16"]);
    expect(byText["2.645100"]!.x0).toBeCloseTo(100, 0);
    expect(byText["2.645100"]!.x1).toBeCloseTo(140.04, 0);
    expect(findings).toEqual([]);
  });

  it("splits a Helvetica row Ghostscript set in one TJ into its columns", async () => {
    const { graphics } = await bill("BT /F1 9 Tf 1 0 0 1 72 688 Tm [(Gas)-5721.56(8 m3)-1110.33(2.645100)]TJ ET\n");
    expect(graphics.runs.map((r) => r.text)).toEqual(["Gas", "8 m3", "2.645100"]);
    expect(graphics.runs[1]!.box.x0).toBeCloseTo(140, 0);
  });

  it("twin: a different value printed over a column of the same row is still found", async () => {
    const { findings } = await bill(`${ROW}BT /T3 9 Tf 1 0 0 1 143 700 Tm (27.16) Tj ET\n`);
    expect(findings.map((f) => `${f.check}:${f.severity}`)).toEqual(["pdf.overlapping_text:high"]);
    expect(findings[0]!.evidence).toMatchObject({ under: "21.16", over: "27.16" });
  });
});
