// Document-like rasters for the pixel tests: text, a table, paper texture and the looks of a scan,
// a phone photo and a clean render, plus the tampering operations forgers really perform on them.
// Test-only; the product never imports this file.
import { createRequire } from "node:module";
import path from "node:path";
import { GlobalFonts, createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import type { DocumentContext, PageImage, SourceFormat, TextItem } from "@/lib/forensics/context";
import { toGrey, type Grey } from "@/lib/forensics/checks/pixel/raster";

export interface Rgb {
  rgb: Uint8Array;
  width: number;
  height: number;
}

const FAMILY = "pixel-test-sans";
let fontReady = false;
function ensureFont(): void {
  if (fontReady) return;
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts");
  GlobalFonts.registerFromPath(path.join(dir, "LiberationSans-Regular.ttf"), FAMILY);
  fontReady = true;
}

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
}

const WORDS =
  "certificate of employment salary statement account holder period gross net deductions tax insurance pension university degree bachelor science awarded graduation date number issued registrar".split(
    " ",
  );

/** A clean A4-proportioned page of text, numbers and a table, at `width` pixels wide. */
export function renderDocument(seed: number, width = 1240): Rgb {
  ensureFont();
  const height = Math.round(width * 1.414);
  const rand = rng(seed);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext("2d");
  const u = width / 1240; // layout unit: 150 dpi A4
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, width, height);
  g.fillStyle = "#1a1a1a";
  g.font = `${Math.round(40 * u)}px "${FAMILY}"`;
  g.fillText("STATEMENT OF EARNINGS", 120 * u, 160 * u);
  g.font = `${Math.round(21 * u)}px "${FAMILY}"`;
  let y = 240 * u;
  for (let line = 0; line < 14; line++, y += 34 * u) {
    const words = Array.from({ length: 9 }, () => WORDS[Math.floor(rand() * WORDS.length)]);
    g.fillText(words.join(" "), 120 * u, y);
  }
  // A table of amounts: the digits a forger edits, repeated glyphs a copy-move check must not confuse.
  y += 30 * u;
  g.strokeStyle = "#333333";
  g.lineWidth = Math.max(1, 2 * u);
  for (let row = 0; row < 12; row++, y += 40 * u) {
    g.beginPath();
    g.moveTo(120 * u, y + 10 * u);
    g.lineTo(1120 * u, y + 10 * u);
    g.stroke();
    g.fillText(WORDS[row % WORDS.length], 130 * u, y);
    const amount = (rand() * 9000 + 100).toFixed(2);
    g.fillText(amount, 880 * u, y);
    g.fillText(String(1000 + Math.floor(rand() * 8999)), 600 * u, y);
  }
  g.fillText("Total net pay 4,512.00 EUR   Date 2024-03-31", 120 * u, y + 60 * u);
  const rgba = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < width * height; i++, j += 4) {
    rgb[i * 3] = rgba[j];
    rgb[i * 3 + 1] = rgba[j + 1];
    rgb[i * 3 + 2] = rgba[j + 2];
  }
  return { rgb, width, height };
}

/**
 * Word-sized boxes over renderDocument's running text (lines at 240 + 34k units, 21-unit type), as
 * OCR would box them on a raster `width` wide (renderDocument's) and `height` tall (the page, or
 * the part of it kept).
 */
export function runningTextWords(width = 1240, height = Math.round(width * 1.414)): Array<TextItem & { box: Box }> {
  const u = width / 1240;
  const out: Array<TextItem & { box: Box }> = [];
  for (let line = 1; line < 13; line++) {
    for (let k = 0; k < 6; k++) {
      const box = { x: u * (130 + k * 160), y: u * (240 + line * 34 - 19), width: u * 130, height: u * 25 };
      out.push({
        text: `word${line}-${k}`,
        x: box.x / width,
        y: box.y / height,
        width: box.width / width,
        height: box.height / height,
        source: "ocr",
        confidence: 95,
        box,
      });
    }
  }
  return out;
}

/** Paper tone, uneven light, optics blur and sensor noise: what a camera or scanner adds to a clean page. */
export async function applyLook(page: Rgb, look: "scan" | "phone", seed: number): Promise<Rgb> {
  const rand = rng(seed);
  const { width, height } = page;
  const blurred = new Uint8Array(
    await sharp(page.rgb, { raw: { width, height, channels: 3 } })
      .blur(look === "phone" ? 0.8 : 0.55)
      .raw()
      .toBuffer(),
  );
  const out = new Uint8Array(page.rgb.length);
  // Noise comes after the optics (it is the sensor's), and grows with the signal (shot noise).
  const sigma = look === "phone" ? 3.2 : 2.4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      // Vignetting and a warm cast for the phone; a flat slightly grey paper for the scanner.
      const dx = x / width - 0.45;
      const dy = y / height - 0.4;
      const light = look === "phone" ? 0.95 - 0.35 * (dx * dx + dy * dy) : 0.93;
      const n = gaussian(rand) * sigma;
      for (let ch = 0; ch < 3; ch++) {
        const tint = look === "phone" ? [1, 0.97, 0.9][ch] : 1;
        const v = blurred[i + ch] * light * tint;
        out[i + ch] = Math.max(0, Math.min(255, Math.round(v + n * Math.sqrt(v / 200) + gaussian(rand) * 0.6)));
      }
    }
  }
  return { rgb: out, width, height };
}

export async function encodeJpeg(page: Rgb, quality: number): Promise<Uint8Array> {
  const buf = await sharp(page.rgb, {
    raw: { width: page.width, height: page.height, channels: 3 },
  })
    .jpeg({ quality, chromaSubsampling: "4:2:0" })
    .toBuffer();
  return new Uint8Array(buf);
}

export async function encodePng(page: Rgb): Promise<Uint8Array> {
  const buf = await sharp(page.rgb, {
    raw: { width: page.width, height: page.height, channels: 3 },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buf);
}

/** Decodes like the pipeline does: EXIF orientation applied, RGB. */
export async function decode(bytes: Uint8Array): Promise<Rgb> {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(data), width: info.width, height: info.height };
}

/** Decodes like the pipeline does, to the grey raster the pixel checks read. */
export async function decodeGrey(bytes: Uint8Array): Promise<Grey> {
  const d = await decode(bytes);
  return toGrey(d.rgb, d.width, d.height);
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Copies `box` of `from` onto `to` at (dx, dy) (defaults to the same place). */
export function paste(to: Rgb, from: Rgb, box: Box, dx = box.x, dy = box.y): Rgb {
  const rgb = Uint8Array.from(to.rgb);
  for (let y = 0; y < box.height; y++) {
    const s = ((box.y + y) * from.width + box.x) * 3;
    rgb.set(from.rgb.subarray(s, s + box.width * 3), ((dy + y) * to.width + dx) * 3);
  }
  return { rgb, width: to.width, height: to.height };
}

/** A retyped field: the area painted with the paper colour and new text drawn crisply on it. */
export function retype(page: Rgb, box: Box, text: string): Rgb {
  ensureFont();
  const canvas = createCanvas(box.width, box.height);
  const g = canvas.getContext("2d");
  let r = 0;
  let gr = 0;
  let b = 0;
  let n = 0;
  for (let x = box.x; x < box.x + box.width; x++) {
    const i = ((box.y + 2) * page.width + x) * 3;
    r += page.rgb[i];
    gr += page.rgb[i + 1];
    b += page.rgb[i + 2];
    n++;
  }
  g.fillStyle = `rgb(${Math.round(r / n)},${Math.round(gr / n)},${Math.round(b / n)})`;
  g.fillRect(0, 0, box.width, box.height);
  g.fillStyle = "#1c1c1c";
  g.font = `${Math.round(box.height * 0.6)}px "${FAMILY}"`;
  g.fillText(text, 4, Math.round(box.height * 0.75));
  const rgba = g.getImageData(0, 0, box.width, box.height).data;
  const rgb = Uint8Array.from(page.rgb);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const s = (y * box.width + x) * 4;
      const d = ((box.y + y) * page.width + box.x + x) * 3;
      rgb[d] = rgba[s];
      rgb[d + 1] = rgba[s + 1];
      rgb[d + 2] = rgba[s + 2];
    }
  }
  return { rgb, width: page.width, height: page.height };
}

/** Shifts a raster by (dx, dy) pixels, filling the uncovered edge with the nearest pixels. */
export function shift(page: Rgb, dx: number, dy: number): Rgb {
  const { width, height } = page;
  const rgb = new Uint8Array(page.rgb.length);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - dy));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, x - dx));
      const s = (sy * width + sx) * 3;
      const d = (y * width + x) * 3;
      rgb[d] = page.rgb[s];
      rgb[d + 1] = page.rgb[s + 1];
      rgb[d + 2] = page.rgb[s + 2];
    }
  }
  return { rgb, width, height };
}

/** A DocumentContext for one page, as the decode stage would hand it over. */
export async function contextFor(
  bytes: Uint8Array,
  format: SourceFormat,
  opts: { source?: PageImage["source"]; mode?: "standard" | "deep" } = {},
): Promise<DocumentContext> {
  const { rgb, width, height } = await decode(bytes);
  const page: PageImage = {
    page: 1,
    rgb,
    width,
    height,
    dpi: 150,
    source: opts.source ?? "image",
    quality: {
      width,
      height,
      dpi: 150,
      sharpness: 100,
      brightness: 220,
      clipped: 0,
      too_poor_to_judge: false,
    },
    text: [],
  };
  return {
    bytes,
    contentType: format === "jpeg" ? "image/jpeg" : `image/${format}`,
    format,
    mode: opts.mode ?? "standard",
    limits: {
      maxBytes: 50e6,
      maxPixels: 100e6,
      maxPages: 50,
      standardPages: 3,
      timeoutMs: 60_000,
    },
    pages: [page],
    pageCount: 1,
    metadata: {},
    docType: "payslip",
    isCredential: true,
    fields: {},
    fullText: [""],
  };
}

/** Whether two boxes (pixels or page fractions, any consistent unit) overlap. */
export function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A pixel box as page fractions of a `width`×`height` page. */
export function fractionBox(box: Box, width: number, height: number): Box {
  return { x: box.x / width, y: box.y / height, width: box.width / width, height: box.height / height };
}

/** A pixel box {x0,y0,x1,y1} as {x,y,width,height}. */
export const asBox = (r: { x0: number; y0: number; x1: number; y1: number }): Box => ({
  x: r.x0,
  y: r.y0,
  width: r.x1 - r.x0,
  height: r.y1 - r.y0,
});
