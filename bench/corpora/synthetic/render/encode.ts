// Raster pages → image files in every input format the engine takes. sharp writes JPEG, PNG,
// WebP, TIFF (multi-page) and AVIF; HEIC needs an HEVC encoder that sharp's libvips lacks, so it
// goes through libheif's `heif-enc` when that tool is installed (see heic.ts for the fallback).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import type { Raster } from "./raster";
import { withTiffExif } from "./tiff-tags";

export type ImageFormat = "jpeg" | "png" | "webp" | "tiff" | "avif" | "heic";

export const CONTENT_TYPES: Record<ImageFormat | "pdf", string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  tiff: "image/tiff",
  avif: "image/avif",
  heic: "image/heic",
};

export interface EncodeOptions {
  /** 1..100 for lossy formats. */
  quality?: number;
  /** JPEG chroma subsampling; cameras use 4:2:0, many editors 4:4:4 at high quality. */
  chroma?: "4:2:0" | "4:4:4";
  dpi?: number;
  /** EXIF tags by IFD, as sharp's withExif takes them. */
  exif?: Record<string, Record<string, string>>;
  /** A complete XMP packet. */
  xmp?: string;
  grey?: boolean;
  /**
   * EXIF orientation as phones write it: the pixels are stored turned and the tag tells viewers
   * how to turn them back. The raster given is what a viewer should display.
   */
  orientation?: 3 | 6 | 8;
}

const STORED_ROTATION = { 3: 180, 6: 270, 8: 90 } as const;

export function rasterToSharp(raster: Raster): Sharp {
  return sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.length), {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  });
}

function withMeta(image: Sharp, options: EncodeOptions): Sharp {
  let out = image.removeAlpha();
  if (options.orientation) out = out.rotate(STORED_ROTATION[options.orientation]);
  if (options.grey) out = out.toColourspace("b-w");
  if (options.dpi || options.orientation)
    out = out.withMetadata({
      ...(options.dpi ? { density: options.dpi } : {}),
      ...(options.orientation ? { orientation: options.orientation } : {}),
    });
  if (options.exif) out = out.withExifMerge(options.exif);
  if (options.xmp) out = out.withXmp(options.xmp);
  return out;
}

export async function encodeRaster(
  raster: Raster,
  format: Exclude<ImageFormat, "tiff">,
  options: EncodeOptions = {},
): Promise<Uint8Array> {
  const image = withMeta(rasterToSharp(raster), options);
  const q = options.quality ?? 90;
  let out: Sharp;
  switch (format) {
    case "jpeg":
      out = image.jpeg({ quality: q, chromaSubsampling: options.chroma ?? "4:2:0", mozjpeg: false });
      break;
    case "png":
      out = image.png({ compressionLevel: 6 });
      break;
    case "webp":
      out = image.webp({ quality: q, effort: 0 });
      break;
    case "avif":
      out = image.avif({ quality: Math.min(q, 70), effort: 0 });
      break;
    case "heic":
      return encodeHeic(await image.png({ compressionLevel: 1 }).toBuffer(), q);
  }
  return new Uint8Array(await out.toBuffer());
}

/** Multi-page TIFF, one raster per page (pages are padded to the first page's size). */
export async function encodeTiff(pages: Raster[], options: EncodeOptions = {}): Promise<Uint8Array> {
  const first = pages[0];
  if (!first) throw new Error("a TIFF needs at least one page");
  const pngs = await Promise.all(
    pages.map((p) =>
      rasterToSharp(p)
        .resize(first.width, first.height, { fit: "contain", background: "#ffffff" })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    ),
  );
  const joined = pngs.length > 1 ? sharp(pngs, { join: { animated: true } }) : sharp(pngs[0]);
  const out = withMeta(joined, options).tiff({
    compression: options.quality && options.quality < 95 ? "jpeg" : "lzw",
    quality: options.quality ?? 90,
    xres: (options.dpi ?? 300) / 25.4,
    yres: (options.dpi ?? 300) / 25.4,
  });
  const bytes = new Uint8Array(await out.toBuffer());
  return options.exif ? withTiffExif(bytes, options.exif) : bytes;
}

let heifEncAvailable: boolean | undefined;

export function canEncodeHeic(): boolean {
  if (heifEncAvailable === undefined) {
    try {
      execFileSync("heif-enc", ["--list-encoders"], { stdio: "pipe" });
      heifEncAvailable = true;
    } catch {
      heifEncAvailable = false;
    }
  }
  return heifEncAvailable;
}

export function encodeHeic(png: Uint8Array, quality: number): Uint8Array {
  if (!canEncodeHeic()) throw new Error("HEIC encoding needs libheif's heif-enc (apt-get install libheif-examples)");
  const dir = mkdtempSync(path.join(tmpdir(), "credence-heic-"));
  try {
    writeFileSync(path.join(dir, "in.png"), png);
    execFileSync(
      "heif-enc",
      [
        "-q",
        String(Math.min(quality, 45)),
        "-p",
        "preset=ultrafast",
        "-o",
        path.join(dir, "out.heic"),
        path.join(dir, "in.png"),
      ],
      { stdio: "pipe" },
    );
    return new Uint8Array(readFileSync(path.join(dir, "out.heic")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decodes any file this module writes (except HEIC) back to RGBA, for tampers that re-open an image. */
export async function decodeToRaster(bytes: Uint8Array): Promise<Raster> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}
