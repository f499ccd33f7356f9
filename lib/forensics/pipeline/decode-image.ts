// Raster formats through sharp (JPEG, PNG, WebP, TIFF, AVIF). Pixel counts come from the headers
// and are checked before any pixel is decoded, so a decompression bomb costs nothing.
import sharp, { type Metadata } from "sharp";
import type { PageImage, SourceFormat } from "../context";
import { ForensicInputError } from "../types";
import type { DecodedDocument, StageEnv } from "./decoded";
import { pagesToAnalyse } from "./decoded";
import { readImageMetadata } from "./image-metadata";
import { measureQuality } from "./quality";

/** All analysed pages together (raw RGB is 3 bytes a pixel): a 200-page TIFF in deep mode must fit in memory. */
const TOTAL_PIXELS = 300_000_000;

export async function decodeRaster(bytes: Uint8Array, format: SourceFormat, env: StageEnv): Promise<DecodedDocument> {
  const head = await headerOf(bytes, format, 0);
  // Only TIFF pages are separate pages of a document; other formats' frames (animated WebP) are not.
  const pageCount = format === "tiff" ? Math.max(1, head.pages ?? 1) : 1;
  if (pageCount > env.limits.maxPages) {
    throw new ForensicInputError(
      "too_many_pages",
      `The TIFF has ${pageCount} pages; at most ${env.limits.maxPages} are accepted.`,
    );
  }

  const pages: PageImage[] = [];
  const count = pagesToAnalyse(pageCount, env);
  for (let i = 0; i < count; i++) {
    env.deadline.check();
    const meta = i === 0 ? head : await headerOf(bytes, format, i);
    const width = meta.width ?? 0;
    const height = format === "tiff" ? (meta.height ?? 0) : (meta.pageHeight ?? meta.height ?? 0);
    assertPixels(width, height, env.limits.maxPixels, i + 1);
    env.log(`decoding ${format.toUpperCase()} page ${i + 1} of ${pageCount} (${width}×${height})`);
    const share = TOTAL_PIXELS / count;
    const shrinkTo =
      width * height > share ? Math.floor(Math.sqrt(share / (width * height)) * Math.max(width, height)) : null;
    const raster = await env.deadline.race(decodePage(bytes, format, i, env.limits.maxPixels, shrinkTo));
    const dpi = densityDpi(meta.density);
    const quality = await measureQuality(raster, dpi ?? estimateDpi(raster.width, raster.height));
    pages.push({ page: i + 1, ...raster, dpi: quality.dpi, source: "image", quality, text: [] });
  }

  const metadata = await readImageMetadata(bytes, {
    format,
    width: head.width,
    height: head.height,
    density: head.density,
    orientation: head.orientation,
    isProgressive: head.isProgressive,
    chromaSubsampling: head.chromaSubsampling,
    hasProfile: head.hasProfile,
    pages: pageCount,
  });
  return { format, pageCount, pages, metadata };
}

async function headerOf(bytes: Uint8Array, format: SourceFormat, page: number): Promise<Metadata> {
  try {
    // Header only; limitInputPixels off so we can name the size in our own error.
    return await sharp(bytes, { page, limitInputPixels: false }).metadata();
  } catch (e) {
    throw new ForensicInputError(
      "decode_failed",
      `The ${format.toUpperCase()} file could not be read (${shortReason(e)}); it may be truncated or damaged.`,
    );
  }
}

async function decodePage(
  bytes: Uint8Array,
  format: SourceFormat,
  page: number,
  maxPixels: number,
  maxSide: number | null,
) {
  try {
    let pipeline = sharp(bytes, { page, limitInputPixels: maxPixels, failOn: "error" })
      .rotate() // applies the EXIF orientation, so text reads upright as a person would see it
      .flatten({ background: "#ffffff" });
    if (maxSide) pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: "inside" });
    const { data, info } = await pipeline
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb =
      info.channels === 3 ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : toRgb(data, info.channels);
    return { rgb, width: info.width, height: info.height };
  } catch (e) {
    if (e instanceof ForensicInputError) throw e;
    const reason = shortReason(e);
    if (/pixel limit/i.test(reason)) {
      throw new ForensicInputError("too_many_pixels", `The image exceeds the limit of ${maxPixels} pixels.`);
    }
    throw new ForensicInputError(
      "decode_failed",
      `The ${format.toUpperCase()} image could not be decoded (${reason}); it may be truncated or damaged.`,
    );
  }
}

export function assertPixels(width: number, height: number, maxPixels: number, page: number): void {
  if (!(width > 0 && height > 0)) {
    throw new ForensicInputError("decode_failed", `Page ${page} has no readable dimensions; the file is damaged.`);
  }
  if (width * height > maxPixels) {
    throw new ForensicInputError(
      "too_many_pixels",
      `Page ${page} is ${width}×${height} pixels (${Math.round((width * height) / 1e6)} megapixels); at most ${Math.round(maxPixels / 1e6)} megapixels are accepted.`,
    );
  }
}

function toRgb(data: Buffer, channels: number): Uint8Array {
  const pixels = data.length / channels;
  const out = new Uint8Array(pixels * 3);
  for (let i = 0; i < pixels; i++) {
    const v = data[i * channels];
    out[i * 3] = v;
    out[i * 3 + 1] = channels >= 3 ? data[i * channels + 1] : v;
    out[i * 3 + 2] = channels >= 3 ? data[i * channels + 2] : v;
  }
  return out;
}

/** EXIF/JFIF density, when it is a real scan resolution rather than the 72-dpi placeholder. */
function densityDpi(density: number | undefined): number | null {
  return density && density > 96 && density <= 2400 ? Math.round(density) : null;
}

/** Without a recorded density, assume the picture spans an A4 page (the common case for documents). */
export function estimateDpi(width: number, height: number): number {
  return Math.round(Math.max(width, height) / 11.69);
}

export function shortReason(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg
    .split("\n")[0]
    .replace(/^Input (buffer|file) /, "")
    .slice(0, 160);
}
