import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ForensicInputError, type EngineLimits } from "../types";
import { decodeDocument } from "./decode";
import type { StageEnv } from "./decoded";
import { Deadline } from "./deadline";
import { DEFAULT_LIMITS } from "./limits";
import {
  DIPLOMA_LINES,
  documentImage,
  documentPdf,
  pngHeaderBomb,
  rawPdf,
  scannedPdf,
} from "@/tests/forensics-support/pipeline-fixtures";
import { jpegHeaderBomb } from "@/tests/fixtures/hostile/build-images";
import { contentFlateBomb, imageFlateBomb, jpegInPdf, objectStreamBomb } from "@/tests/fixtures/hostile/build-pdfs";

const deadlines: Deadline[] = [];
afterEach(() => deadlines.splice(0).forEach((d) => d.dispose()));

function env(
  limits: Partial<EngineLimits> = {},
  mode: "standard" | "deep" = "standard",
  logs: string[] = [],
): StageEnv {
  const deadline = new Deadline(limits.timeoutMs ?? 30_000);
  deadlines.push(deadline);
  return { limits: { ...DEFAULT_LIMITS, ...limits }, mode, deadline, log: (m) => logs.push(m) };
}

async function inputError(p: Promise<unknown>): Promise<ForensicInputError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ForensicInputError);
  return e as ForensicInputError;
}

const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>";
const CATALOG = "<< /Type /Catalog /Pages 2 0 R >>";

describe("decode: hostile inputs end in a ForensicInputError", () => {
  it("zero bytes: empty_file", async () => {
    expect((await inputError(decodeDocument(new Uint8Array(0), "application/pdf", env()))).code).toBe("empty_file");
  });

  it("more bytes than maxBytes: too_large, before any parsing", async () => {
    const e = await inputError(decodeDocument(new Uint8Array(2048).fill(0xff), "image/jpeg", env({ maxBytes: 1024 })));
    expect(e.code).toBe("too_large");
  });

  it("unknown formats: unsupported_format, naming what was seen", async () => {
    const gif = new Uint8Array(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"));
    const e1 = await inputError(decodeDocument(gif, "image/png", env()));
    expect(e1.code).toBe("unsupported_format");
    expect(e1.message).toContain("GIF");
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect((await inputError(decodeDocument(zip, "application/pdf", env()))).message).toContain("ZIP");
    const text = new Uint8Array(Buffer.from("hello, this is not a document at all\n"));
    expect((await inputError(decodeDocument(text, "application/pdf", env()))).message).toContain("plain text");
  });

  it("a truncated JPEG: decode_failed", async () => {
    const jpg = await documentImage(DIPLOMA_LINES, "jpeg");
    const e = await inputError(
      decodeDocument(new Uint8Array(jpg.subarray(0, Math.floor(jpg.length / 2))), "image/jpeg", env()),
    );
    expect(e.code).toBe("decode_failed");
  });

  it("garbage behind image magic bytes: decode_failed", async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    garbage.set([0xff, 0xd8, 0xff, 0xe0]);
    expect((await inputError(decodeDocument(garbage, "image/jpeg", env()))).code).toBe("decode_failed");
    const png = new Uint8Array(4096).map((_, i) => (i * 31) % 256);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await inputError(decodeDocument(png, "image/png", env()))).code).toBe("decode_failed");
  });

  it("garbage behind HEIC and PDF signatures: decode_failed", async () => {
    const heic = new Uint8Array(512);
    heic.set([0, 0, 0, 0x18, ...Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1")]);
    expect((await inputError(decodeDocument(heic, "image/heic", env()))).code).toBe("decode_failed");
    const pdf = new Uint8Array(Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R\n", "latin1"));
    expect((await inputError(decodeDocument(pdf, "application/pdf", env()))).code).toBe("decode_failed");
  });

  it("a decompression bomb: too_many_pixels from the header, without decoding", async () => {
    const started = performance.now();
    const e = await inputError(decodeDocument(pngHeaderBomb(100_000, 100_000), "image/png", env()));
    expect(e.code).toBe("too_many_pixels");
    expect(e.message).toContain("100000×100000");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("an image over maxPixels: too_many_pixels", async () => {
    const jpg = await documentImage(DIPLOMA_LINES, "jpeg", 1000, 1400);
    expect((await inputError(decodeDocument(jpg, "image/jpeg", env({ maxPixels: 1_000_000 })))).code).toBe(
      "too_many_pixels",
    );
  });

  it("a PDF with thousands of pages: too_many_pages before any page is rendered", async () => {
    const pdf = await documentPdf(["page"], 2500);
    const logs: string[] = [];
    const e = await inputError(decodeDocument(pdf, "application/pdf", env({}, "standard", logs)));
    expect(e.code).toBe("too_many_pages");
    expect(e.message).toContain("2500");
    expect(logs.some((l) => l.startsWith("rendering"))).toBe(false);
  });

  it("a PDF nested thousands of levels deep: decode_failed, quickly", async () => {
    const depth = 100_000;
    const nested = "[".repeat(depth) + "]".repeat(depth);
    const pdf = rawPdf([
      CATALOG,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Junk ${nested} >>`,
    ]);
    const started = performance.now();
    expect((await inputError(decodeDocument(pdf, "application/pdf", env()))).code).toBe("decode_failed");
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("a PDF whose streams inflate past their budget: refused as a bomb before pdfjs opens it", async () => {
    for (const pdf of [contentFlateBomb(20), objectStreamBomb(20)]) {
      const started = performance.now();
      const e = await inputError(decodeDocument(pdf, "application/pdf", env()));
      expect(e.code).toBe("decode_failed");
      expect(e.message).toMatch(/decompression bomb: one of its compressed streams inflates to more than 16 MB/);
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });

  it("a PDF image over the pixel limit, by its dictionary or by its own JPEG header: too_many_pixels", async () => {
    const flate = await inputError(
      decodeDocument(imageFlateBomb(2000, 2000), "application/pdf", env({ maxPixels: 1_000_000 })),
    );
    expect(flate.code).toBe("too_many_pixels");
    expect(flate.message).toContain("2000×2000");
    const jpeg = await inputError(
      decodeDocument(jpegInPdf(jpegHeaderBomb(65500, 65500), 10, 10), "application/pdf", env()),
    );
    expect(jpeg.code).toBe("too_many_pixels");
    expect(jpeg.message).toContain("65500×65500");
  });

  it("a PDF page the size of a football field is rendered within the pixel budget", async () => {
    const pdf = rawPdf([
      CATALOG,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] >>",
    ]);
    const d = await decodeDocument(pdf, "application/pdf", env());
    expect(d.pages[0].width * d.pages[0].height).toBeLessThanOrEqual(9_000_000);
  });

  it("a password-protected PDF: encrypted", async () => {
    const pdf = rawPdf(
      [
        CATALOG,
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        PAGE,
        `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${"ab".repeat(32)}> /U <${"cd".repeat(32)}> >>`,
      ],
      `/Encrypt 4 0 R /ID [<${"01".repeat(16)}> <${"01".repeat(16)}>]`,
    );
    expect((await inputError(decodeDocument(pdf, "application/pdf", env()))).code).toBe("encrypted");
  });

  it("stops at the deadline", async () => {
    const pdf = await documentPdf(DIPLOMA_LINES, 3);
    const e = await inputError(decodeDocument(pdf, "application/pdf", env({ timeoutMs: 1 })));
    expect(e.code).toBe("timeout");
  });
});

describe("decode: supported formats", () => {
  it("renders a digital PDF with its text layer, positions and font names", async () => {
    const d = await decodeDocument(await documentPdf(DIPLOMA_LINES), "application/pdf", env());
    expect(d.format).toBe("pdf");
    expect(d.pageCount).toBe(1);
    const page = d.pages[0];
    expect(page.source).toBe("pdf-text");
    expect(page.dpi).toBe(150);
    expect(page.rgb.length).toBe(page.width * page.height * 3);
    const name = page.text.find((t) => t.text === "John Alexander Smith");
    expect(name).toBeDefined();
    expect(name!.font).toBe("Times-Roman");
    expect(name!.x).toBeCloseTo(60 / 595, 2);
    // Baseline at 696 pt from the bottom, 16-pt type: the top of the box is ~12 pt higher.
    expect(name!.y).toBeCloseTo((842 - 696 - 12) / 842, 2);
    expect(name!.height).toBeCloseTo(16 / 842, 2);
    expect(d.metadata.Producer).toBeTypeOf("string");
  });

  it("tells a scanned PDF page (an image, no text layer) from a digital one", async () => {
    const d = await decodeDocument(await scannedPdf(DIPLOMA_LINES), "application/pdf", env());
    expect(d.pages[0].source).toBe("pdf-scan");
    expect(d.pages[0].text).toHaveLength(0);
  });

  it("analyses standardPages pages in standard mode and all in deep mode", async () => {
    const pdf = await documentPdf(DIPLOMA_LINES, 5);
    expect((await decodeDocument(pdf, "application/pdf", env({ standardPages: 2 }))).pages).toHaveLength(2);
    const deep = await decodeDocument(pdf, "application/pdf", env({ standardPages: 2 }, "deep"));
    expect(deep.pages).toHaveLength(5);
    expect(deep.pages[0].dpi).toBe(300);
  });

  it("reads multi-page TIFFs page by page, within the page limits", async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((n) => documentImage([`Page ${n}`, ...DIPLOMA_LINES], "png", 400, 566)),
    );
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff({ compression: "lzw" })
      .toBuffer();
    const d = await decodeDocument(tiff, "image/tiff", env({ standardPages: 3 }));
    expect(d.format).toBe("tiff");
    expect(d.pageCount).toBe(4);
    expect(d.pages.map((p) => [p.page, p.width, p.height])).toEqual([
      [1, 400, 566],
      [2, 400, 566],
      [3, 400, 566],
    ]);
    expect((await inputError(decodeDocument(tiff, "image/tiff", env({ maxPages: 3 })))).code).toBe("too_many_pages");
  });

  it("applies the EXIF orientation", async () => {
    const jpg = await sharp(await documentImage(DIPLOMA_LINES, "jpeg", 600, 800))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const d = await decodeDocument(jpg, "image/jpeg", env());
    expect([d.pages[0].width, d.pages[0].height]).toEqual([800, 600]);
    expect(d.metadata.Orientation).toBeDefined();
  });

  it.each(["png", "webp", "tiff", "avif"] as const)("decodes %s to RGB, whatever the declared type", async (format) => {
    const bytes = await documentImage(DIPLOMA_LINES, format, 620, 877);
    const d = await decodeDocument(bytes, "application/octet-stream", env());
    expect(d.format).toBe(format);
    expect(d.pages[0].width).toBe(620);
    expect(d.pages[0].rgb.length).toBe(620 * 877 * 3);
    expect(d.pages[0].quality.too_poor_to_judge).toBe(false);
  });

  it("marks a heavily blurred page as too poor to judge, and a sharp one not", async () => {
    const sharpPage = await documentImage(DIPLOMA_LINES, "jpeg");
    const blurred = await sharp(sharpPage).blur(12).jpeg().toBuffer();
    const a = await decodeDocument(sharpPage, "image/jpeg", env());
    const b = await decodeDocument(blurred, "image/jpeg", env());
    expect(a.pages[0].quality.too_poor_to_judge).toBe(false);
    expect(b.pages[0].quality.too_poor_to_judge).toBe(true);
    expect(b.pages[0].quality.sharpness).toBeLessThan(a.pages[0].quality.sharpness);
  });

  it("marks a tiny or very dark image as too poor to judge", async () => {
    const tiny = await documentImage(DIPLOMA_LINES, "png", 200, 280);
    expect((await decodeDocument(tiny, "image/png", env())).pages[0].quality.too_poor_to_judge).toBe(true);
    const dark = await sharp(await documentImage(DIPLOMA_LINES, "jpeg"))
      .linear(0.1, 0)
      .jpeg()
      .toBuffer();
    expect((await decodeDocument(dark, "image/jpeg", env())).pages[0].quality.too_poor_to_judge).toBe(true);
  });
});
