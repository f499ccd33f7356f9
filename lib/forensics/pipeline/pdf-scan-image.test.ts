import { PDFDocument, rgb } from "pdf-lib";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ForensicInputError, type EngineLimits } from "../types";
import { decodeDocument } from "./decode";
import type { StageEnv } from "./decoded";
import { Deadline } from "./deadline";
import { DEFAULT_LIMITS } from "./limits";
import { DIPLOMA_LINES, documentImage, documentPdf } from "@/tests/forensics-support/pipeline-fixtures";

const deadlines: Deadline[] = [];
afterEach(() => deadlines.splice(0).forEach((d) => d.dispose()));

function env(limits: Partial<EngineLimits> = {}): StageEnv {
  const deadline = new Deadline(30_000);
  deadlines.push(deadline);
  return { limits: { ...DEFAULT_LIMITS, ...limits }, mode: "standard", deadline, log: () => undefined };
}

/** What a scanner's "scan to PDF" writes: one image filling an A4 page, optionally something drawn over it. */
async function scanPdf(image: Buffer, kind: "jpeg" | "png", overlay = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const embedded = kind === "jpeg" ? await doc.embedJpg(image) : await doc.embedPng(image);
  const page = doc.addPage([595, 842]);
  page.drawImage(embedded, { x: 0, y: 0, width: 595, height: 842 });
  if (overlay) page.drawRectangle({ x: 60, y: 600, width: 200, height: 30, color: rgb(1, 1, 1) });
  return doc.save();
}

const A4_300DPI = { width: 2480, height: 3508 };

describe("decode: a scanned PDF page carries its embedded JPEG, as stored", () => {
  it("decodes the JPEG at its own resolution and keeps its bytes for the compression analyses", async () => {
    const jpeg = await documentImage(DIPLOMA_LINES, "jpeg", A4_300DPI.width, A4_300DPI.height);
    const d = await decodeDocument(await scanPdf(jpeg, "jpeg"), "application/pdf", env());
    const page = d.pages[0];
    expect(page.source).toBe("pdf-scan");
    // The JPEG is there as an upload of it would be: same bytes, same pixels, nothing resampled...
    const e = page.embedded!;
    expect([e.width, e.height, e.dpi]).toEqual([A4_300DPI.width, A4_300DPI.height, 300]);
    expect(Buffer.from(e.jpeg).equals(jpeg)).toBe(true);
    const direct = await sharp(jpeg).toColourspace("srgb").removeAlpha().raw().toBuffer();
    expect(Buffer.from(e.rgb).equals(direct)).toBe(true);
    // ...and, within the render budget, it is the page itself: no second, resampled copy.
    expect([page.width, page.height, page.dpi]).toEqual([e.width, e.height, 300]);
    expect(page.rgb).toBe(e.rgb);
  });

  it("renders a JPEG larger than the render budget at the usual resolution and keeps the JPEG beside it", async () => {
    const jpeg = await documentImage(DIPLOMA_LINES, "jpeg", 3307, 4677); // A4 at 400 dpi, 15.5 MP
    const page = (await decodeDocument(await scanPdf(jpeg, "jpeg"), "application/pdf", env())).pages[0];
    expect(page.dpi).toBe(200);
    expect([page.embedded?.width, page.embedded?.dpi]).toEqual([3307, 400]);
  });

  it("twin: a digital PDF is rendered with its text layer and carries no JPEG", async () => {
    const d = await decodeDocument(await documentPdf(DIPLOMA_LINES), "application/pdf", env());
    expect(d.pages[0].source).toBe("pdf-text");
    expect(d.pages[0].embedded).toBeUndefined();
    expect(d.pages[0].dpi).toBe(150);
  });

  it("renders a scan with anything drawn over it, so the page is analysed as it looks", async () => {
    const jpeg = await documentImage(DIPLOMA_LINES, "jpeg", 1240, 1754);
    const d = await decodeDocument(await scanPdf(jpeg, "jpeg", true), "application/pdf", env());
    expect(d.pages[0].source).toBe("pdf-scan");
    expect(d.pages[0].embedded).toBeUndefined();
  });

  it("renders a scan stored losslessly (Flate), as before", async () => {
    const png = await documentImage(DIPLOMA_LINES, "png", 1240, 1754);
    const d = await decodeDocument(await scanPdf(png, "png"), "application/pdf", env());
    expect(d.pages[0].embedded).toBeUndefined();
  });

  it("an embedded JPEG over maxPixels: too_many_pixels, as for an uploaded one", async () => {
    const jpeg = await documentImage(DIPLOMA_LINES, "jpeg", 1240, 1754);
    const e = await decodeDocument(await scanPdf(jpeg, "jpeg"), "application/pdf", env({ maxPixels: 1_000_000 })).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(ForensicInputError);
    expect((e as ForensicInputError).code).toBe("too_many_pixels");
  });
});
