import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, PDFName, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loadPdf, pageModels } from "../document";
import { CERTIFICATE_LINES } from "@/tests/forensics-support/pdf/fixtures";
import { fontOutlierFindings } from "./font-outliers";
import { layeringFindings } from "./layering";
import { pageGraphics } from "./page-graphics";

const dejavu = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
  "DejaVuSans.ttf",
);

async function build(
  draw: (page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont; doc: PDFDocument }) => Promise<void> | void,
) {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  await draw(page, { regular, bold, doc });
  return doc.save();
}

function drawCertificate(page: PDFPage, regular: PDFFont, bold: PDFFont, skip?: string) {
  for (const line of CERTIFICATE_LINES) {
    if (line.text === skip) continue;
    page.drawText(line.text, { x: 60, y: line.y, size: line.size, font: line.bold ? bold : regular });
  }
}

async function analyse(bytes: Uint8Array) {
  const doc = await loadPdf(bytes);
  const [model] = pageModels(doc);
  const graphics = pageGraphics(doc, model);
  return { graphics, findings: [...layeringFindings(graphics, model), ...fontOutlierFindings(graphics.runs, model)] };
}

describe("content stream analysis", () => {
  it("places text runs where pdf-lib drew them", async () => {
    const { graphics } = await analyse(await build((page, f) => drawCertificate(page, f.regular, f.bold)));
    const run = graphics.runs.find((r) => r.text === "Jane Alice Doe")!;
    expect(run.box.x0).toBeCloseTo(60, 0);
    expect(run.box.y0).toBeCloseTo(670 - 0.2 * 18, 0);
    expect(run.size).toBeCloseTo(18, 5);
    expect(run.widthsKnown).toBe(true);
    expect(run.box.x1 - run.box.x0).toBeGreaterThan(100);
  });

  it("finds text covered by a white box with new text written on top", async () => {
    const forged = await build((page, f) => {
      drawCertificate(page, f.regular, f.bold);
      page.drawRectangle({ x: 58, y: 576, width: 190, height: 15, color: rgb(1, 1, 1) });
      page.drawText("Date of award: 14 June 2021", { x: 60, y: 580, size: 12, font: f.regular });
    });
    const { findings } = await analyse(forged);
    const hit = findings.find((f) => f.check === "pdf.hidden_text");
    expect(hit).toMatchObject({ severity: "high", page: 1 });
    expect(hit!.evidence).toMatchObject({
      hidden_text: ["Date of award: 14 June 2019"],
      text_on_top: ["Date of award: 14 June 2021"],
    });
    expect(hit!.region!.y).toBeGreaterThan(0.28);
    expect(hit!.region!.y).toBeLessThan(0.33);
  });

  it("does not take the search text layer under a scanned page image for hidden text (twin: without the scan it is)", async () => {
    const scan = await sharp({ create: { width: 60, height: 80, channels: 3, background: "#f4f1ea" } })
      .png()
      .toBuffer();
    const page = (withScan: boolean) =>
      build(async (p, f) => {
        // The text layer first, each line blanked by a white box, then the scan over the whole page.
        drawCertificate(p, f.regular, f.bold);
        p.drawRectangle({ x: 58, y: 576, width: 190, height: 15, color: rgb(1, 1, 1) });
        if (withScan) p.drawImage(await f.doc.embedPng(scan), { x: 0, y: 0, width: 595, height: 842 });
      });
    expect((await analyse(await page(true))).findings).toEqual([]);
    expect((await analyse(await page(false))).findings.map((f) => `${f.check}:${f.severity}`)).toEqual([
      "pdf.hidden_text:medium",
    ]);
  });

  it("does not mistake shading drawn under text for a cover-up", async () => {
    const clean = await build((page, f) => {
      page.drawRectangle({ x: 50, y: 550, width: 495, height: 60, color: rgb(0.97, 0.97, 0.97) });
      page.drawRectangle({ x: 0, y: 0, width: 595, height: 842, color: rgb(1, 1, 1), opacity: 1 });
      drawCertificate(page, f.regular, f.bold);
      page.drawRectangle({ x: 40, y: 520, width: 515, height: 2, color: rgb(0, 0, 0) });
    });
    expect((await analyse(clean)).findings).toEqual([]);
  });

  it("finds different text printed over text, but not a fake-bold double print", async () => {
    const overprint = await build((page, f) => {
      drawCertificate(page, f.regular, f.bold);
      page.drawText("Registration number: 2019-77941", { x: 60, y: 560, size: 12, font: f.regular });
    });
    expect((await analyse(overprint)).findings.map((x) => x.check)).toContain("pdf.overlapping_text");
    const fakeBold = await build((page, f) => {
      drawCertificate(page, f.regular, f.bold);
      page.drawText("Jane Alice Doe", { x: 60.3, y: 670, size: 18, font: f.regular });
    });
    expect((await analyse(fakeBold)).findings).toEqual([]);
  });

  it("does not take a pale watermark or security microtext for text laid over a value", async () => {
    const watermark = await build((page, f) => {
      drawCertificate(page, f.regular, f.bold);
      page.drawText("ORIGINAL", { x: 60, y: 560, size: 48, font: f.bold, color: rgb(0.88, 0.88, 0.92) });
    });
    expect((await analyse(watermark)).findings).toEqual([]);
    const microtext = await build((page, f) => {
      for (let y = 540; y < 700; y += 5)
        page.drawText("EXAMPLE UNIVERSITY ".repeat(6), {
          x: 50,
          y,
          size: 4,
          font: f.regular,
          color: rgb(0.9, 0.92, 0.97),
        });
      drawCertificate(page, f.regular, f.bold);
    });
    expect((await analyse(microtext)).findings).toEqual([]);
    // The same words dark and at body size over a value are a replacement.
    const dark = await build((page, f) => {
      drawCertificate(page, f.regular, f.bold);
      page.drawText("ORIGINAL", { x: 60, y: 560, size: 12, font: f.bold });
    });
    expect((await analyse(dark)).findings.map((x) => x.check)).toContain("pdf.overlapping_text");
  });

  it("flags one value set in a font used nowhere else, inline with other text", async () => {
    const forged = await build(async (page, f) => {
      drawCertificate(page, f.regular, f.bold, "Date of award: 14 June 2019");
      const times = await f.doc.embedFont(StandardFonts.TimesRoman);
      page.drawText("Date of award: 14 June", { x: 60, y: 580, size: 12, font: f.regular });
      page.drawText("2021", {
        x: 60 + f.regular.widthOfTextAtSize("Date of award: 14 June ", 12),
        y: 580,
        size: 12,
        font: times,
      });
    });
    const hit = (await analyse(forged)).findings.find((x) => x.check === "pdf.font_outlier");
    expect(hit).toMatchObject({ severity: "low", evidence: { font: "Times-Roman", text: "2021" } });
  });

  it("flags a whole value line at body size in a substitute font, not a numbered heading", async () => {
    const make = (line: string, size: number, fontName: StandardFonts) =>
      build(async (page, f) => {
        drawCertificate(page, f.regular, f.bold, "Date of award: 14 June 2019");
        page.drawText(line, { x: 60, y: 580, size, font: await f.doc.embedFont(fontName) });
      });
    const value = (await analyse(await make("Date of award: 14 June 2021", 12, StandardFonts.TimesRoman))).findings;
    expect(value).toEqual([expect.objectContaining({ check: "pdf.font_outlier", severity: "low" })]);
    expect((await analyse(await make("2. Award details", 16, StandardFonts.TimesRomanBold))).findings).toEqual([]);
  });

  it("does not flag a heading or a name line in a different font", async () => {
    const clean = await build(async (page, f) => {
      drawCertificate(page, f.regular, f.bold, "Jane Alice Doe");
      const script = await f.doc.embedFont(StandardFonts.TimesRomanBoldItalic);
      page.drawText("Jane Alice Doe", { x: 60, y: 670, size: 18, font: script });
    });
    expect((await analyse(clean)).findings).toEqual([]);
  });

  it("flags a second embedded copy of the same font used for a few characters", async () => {
    const ttf = readFileSync(dejavu);
    const make = async (twin: boolean) =>
      build(async (page, f) => {
        f.doc.registerFontkit(fontkit);
        const main = await f.doc.embedFont(ttf, { subset: true });
        const second = twin ? await f.doc.embedFont(ttf, { subset: true }) : main;
        for (const line of CERTIFICATE_LINES)
          if (!line.text.startsWith("Date"))
            page.drawText(line.text, { x: 60, y: line.y, size: line.size, font: main });
        page.drawText("Date of award: 14 June", { x: 60, y: 580, size: 12, font: main });
        page.drawText("2021", {
          x: 60 + main.widthOfTextAtSize("Date of award: 14 June ", 12),
          y: 580,
          size: 12,
          font: second,
        });
      });
    const forged = (await analyse(await make(true))).findings.find((x) => x.check === "pdf.font_outlier");
    expect(forged).toMatchObject({ severity: "medium", evidence: { text: "2021" } });
    expect((await analyse(await make(false))).findings).toEqual([]);
  });

  it("stays bounded on a form XObject that draws itself, drawn thousands of times", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const formRef = doc.context.nextRef();
    const form = doc.context.stream("/X0 Do /X0 Do 0 0 10 10 re f", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 10, 10],
      Resources: { XObject: { X0: formRef } },
    });
    doc.context.assign(formRef, form);
    page.node.setXObject(PDFName.of("X0"), formRef);
    const loop = doc.context.register(doc.context.stream("/X0 Do\n".repeat(50_000)));
    page.node.set(PDFName.of("Contents"), loop);
    const started = Date.now();
    const { graphics, findings } = await analyse(await doc.save());
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(graphics.fills.length).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });

  it("finds a light patch with typed text over a scanned page, not text printed on artwork", async () => {
    const scan = await sharp({
      create: { width: 300, height: 424, channels: 3, background: { r: 236, g: 232, b: 224 } },
    })
      .png()
      .toBuffer();
    const make = (patch: boolean) =>
      build(async (page, f) => {
        const image = await f.doc.embedPng(scan);
        page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
        if (patch) page.drawRectangle({ x: 300, y: 400, width: 120, height: 18, color: rgb(0.93, 0.91, 0.88) });
        page.drawText("4,250.00", { x: 305, y: 404, size: 12, font: f.regular });
      });
    expect((await analyse(await make(true))).findings.map((x) => x.check)).toEqual(["pdf.patch_over_scan"]);
    expect((await analyse(await make(false))).findings).toEqual([]);
  });
});
