// Decodes QR, PDF417, Data Matrix, Aztec and 1D barcodes from a page raster with zxing-wasm. The
// .wasm ships in node_modules and is handed over as bytes: left alone, zxing-wasm fetches it from
// a CDN, which an offline machine cannot reach.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { type ReadResult, type ReaderOptions, prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { regionsOverlap } from "../../region";
import type { Region } from "../../types";

export interface DecodedCode {
  format: string;
  /** Payload as text (control characters kept, e.g. AAMVA separators). */
  text: string;
  /** False for a symbol that was found but could not be decoded (checksum or format errors). */
  valid: boolean;
  error: string;
  region: Region;
}

export interface RasterInput {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** Longest side of the 2D pass in standard mode (about 140 dpi on A4). */
const REDUCED_SIDE = 1600;
/** Longest side of the 1D pass: keeps bars of 0.25 mm at two pixels or more on A4. */
const LINEAR_SIDE = 2400;

let prepared = false;

function ensureModule(): void {
  if (prepared) return;
  // Resolved by Node at run time from the project root: bundlers rewrite require.resolve into
  // module ids, and resolving the .wasm itself would make them try to inline it. The wasm sits
  // beside the package's entry (dist/cjs/reader/index.js → dist/reader/zxing_reader.wasm).
  const { createRequire } = process.getBuiltinModule("node:module");
  const entry = createRequire(path.join(process.cwd(), "package.json")).resolve("zxing-wasm/reader");
  const bytes = readFileSync(path.join(path.dirname(entry), "..", "..", "reader", "zxing_reader.wasm"));
  prepareZXingModule({
    overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
  });
  prepared = true;
}

/** RGBA pixels of the raster, shrunk so its longer side is at most `maxSide`. */
async function rgbaAt(raster: RasterInput, maxSide: number, crop?: Region) {
  let image = sharp(raster.rgb, { raw: { width: raster.width, height: raster.height, channels: 3 } });
  let width = raster.width;
  let height = raster.height;
  if (crop) {
    const left = Math.max(0, Math.floor(crop.x * raster.width));
    const top = Math.max(0, Math.floor(crop.y * raster.height));
    width = Math.max(1, Math.min(raster.width - left, Math.ceil(crop.width * raster.width)));
    height = Math.max(1, Math.min(raster.height - top, Math.ceil(crop.height * raster.height)));
    image = image.extract({ left, top, width, height });
  }
  const scale = Math.min(1, maxSide / Math.max(width, height));
  if (scale < 1) image = image.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

function regionOf(result: ReadResult, width: number, height: number, crop?: Region): Region {
  const p = result.position;
  const xs = [p.topLeft.x, p.topRight.x, p.bottomLeft.x, p.bottomRight.x];
  const ys = [p.topLeft.y, p.topRight.y, p.bottomLeft.y, p.bottomRight.y];
  const local = {
    x: Math.min(...xs) / width,
    y: Math.min(...ys) / height,
    width: (Math.max(...xs) - Math.min(...xs)) / width,
    height: Math.max(1, Math.max(...ys) - Math.min(...ys)) / height,
  };
  if (!crop) return local;
  return {
    x: crop.x + local.x * crop.width,
    y: crop.y + local.y * crop.height,
    width: local.width * crop.width,
    height: local.height * crop.height,
  };
}

async function pass(
  raster: RasterInput,
  maxSide: number,
  options: ReaderOptions,
  crop?: Region,
): Promise<DecodedCode[]> {
  const image = await rgbaAt(raster, maxSide, crop);
  // zxing-wasm duck-types ImageData, which Node lacks.
  const results = await readBarcodes(image as unknown as ImageData, {
    maxNumberOfSymbols: 16,
    returnErrors: true,
    textMode: "Plain",
    ...options,
  });
  return results.map((r) => ({
    format: r.format,
    text: r.text,
    valid: r.isValid,
    error: r.error,
    region: regionOf(r, image.width, image.height, crop),
  }));
}

const grow = (r: Region, by: number): Region => {
  const x = Math.max(0, r.x - by);
  const y = Math.max(0, r.y - by);
  return { x, y, width: Math.min(1 - x, r.width + 2 * by), height: Math.min(1 - y, r.height + 2 * by) };
};

/**
 * Every code on the page. Standard mode reads 2D symbols on a reduced raster (they survive
 * shrinking; rotation does not matter to their finders), then 1D barcodes at a larger size, since
 * thin bars vanish when shrunk, and retries undecodable symbols on a full-resolution crop.
 * Deep mode reads the full raster with every format and every effort.
 */
export async function decodeCodes(
  raster: RasterInput,
  mode: "standard" | "deep",
  options: { rotated2d?: boolean } = {},
): Promise<DecodedCode[]> {
  ensureModule();
  const fullSide = Math.max(raster.width, raster.height);
  let found: DecodedCode[];
  if (mode === "deep") {
    found = await pass(raster, fullSide, { formats: [] });
  } else {
    const quick = { tryRotate: false, tryInvert: false, tryDownscale: false };
    // PDF417 (unlike QR) is only found near its reading direction; licence backs are often
    // photographed sideways, so identity documents pay for the rotated tries.
    found = await pass(raster, REDUCED_SIDE, {
      formats: ["AllMatrix", "PDF417"],
      tryRotate: options.rotated2d ?? false,
      tryInvert: false,
    });
    found.push(...(await pass(raster, LINEAR_SIDE, { formats: ["AllLinear"], ...quick })));
  }
  const retried: DecodedCode[] = [];
  for (const code of found.filter((c) => !c.valid)) {
    if (found.some((c) => c.valid && regionsOverlap(c.region, code.region))) continue;
    const again = await pass(raster, fullSide, { formats: [] }, grow(code.region, 0.03));
    retried.push(...(again.some((a) => a.valid) ? again.filter((a) => a.valid) : [code]));
  }
  const all = [...found.filter((c) => c.valid), ...retried];
  // Same symbol found twice (by two passes, or as two formats when undecodable): keep one.
  return all.filter(
    (c, i) =>
      all.findIndex((d) =>
        c.valid
          ? d.valid && d.format === c.format && d.text === c.text
          : !d.valid && regionsOverlap(d.region, c.region),
      ) === i,
  );
}
