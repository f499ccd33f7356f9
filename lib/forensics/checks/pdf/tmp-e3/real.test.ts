import { readFileSync } from "node:fs";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { it } from "vitest";
import { check as pdf } from "../index";
import { check as metadata } from "../../metadata/index";
import { contextFor } from "../testing/fixtures";
import { saveIncrementally } from "../testing/save-incrementally";
import { loadPdf, pageModels } from "../document";
import { pageGraphics } from "../content/page-graphics";
it("real", async () => {
  const chrome = new Uint8Array(readFileSync("/tmp/e3/chrome/payslip.pdf"));
  const d = await loadPdf(chrome); const [m] = pageModels(d); const g = pageGraphics(d, m);
  console.log("RUNS", JSON.stringify(g.runs.slice(0, 40).map(r => [r.text, r.font?.baseFont, Math.round(r.box.x0), Math.round(r.box.y0), Math.round(r.box.x1), r.widthsKnown])));
  const net = g.runs.find(r => r.text.includes("3,132.25"))!;
  console.log("NET", net && net.box);
  const overlay = async (doc: PDFDocument) => { const p = doc.getPage(0); const f = await doc.embedFont(StandardFonts.HelveticaBold); p.drawRectangle({ x: net.box.x0 - 2, y: net.box.y0 - 1, width: net.box.x1 - net.box.x0 + 4, height: net.box.y1 - net.box.y0 + 2, color: rgb(1, 1, 1) }); p.drawText("5,132.25", { x: net.box.x0, y: net.box.y0 + 2, size: 10, font: f }); };
  const inc = await saveIncrementally(chrome, overlay);
  const full = await (async () => { const doc = await PDFDocument.load(chrome); await overlay(doc); return doc.save(); })();
  for (const [name, b] of [["chrome", chrome], ["chrome+incremental overlay", inc], ["chrome+pdf-lib overlay full save", full]] as const) {
    for (const mode of ["standard", "deep"] as const) {
      const ctx = contextFor(b, "pdf", mode);
      const t = Date.now();
      const fs = [...await pdf.run(ctx, () => {}), ...await metadata.run(ctx, () => {})];
      console.log("OUT", name, mode, b.length, Date.now() - t, "ms", JSON.stringify(fs.map(x => [x.check, x.severity, x.message.slice(0, 200)])));
    }
  }
}, 300000);
