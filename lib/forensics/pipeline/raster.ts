// Small rasters derived from a page for cheap whole-page statistics (quality, classification).
// Cached per page so each stage pays for the downscale once.
import sharp from "sharp";

export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3;
}

interface RgbSource {
  rgb: Uint8Array;
  width: number;
  height: number;
}

const cache = new WeakMap<RgbSource, Map<string, Promise<Raster>>>();

/** The page shrunk to at most `maxSide` pixels on its longer side (never enlarged). */
export function downscaled(page: RgbSource, maxSide: number, grey: boolean): Promise<Raster> {
  let perPage = cache.get(page);
  if (!perPage) cache.set(page, (perPage = new Map()));
  const key = `${maxSide}:${grey ? "g" : "c"}`;
  let hit = perPage.get(key);
  if (!hit) {
    hit = shrink(page, maxSide, grey);
    perPage.set(key, hit);
  }
  return hit;
}

async function shrink(page: RgbSource, maxSide: number, grey: boolean): Promise<Raster> {
  let pipeline = sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } }).resize({
    width: maxSide,
    height: maxSide,
    fit: "inside",
    withoutEnlargement: true,
  });
  if (grey) pipeline = pipeline.greyscale();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    channels: info.channels === 1 ? 1 : 3,
  };
}

/** Interleaved RGBA (a canvas, a decoder) to RGB. */
export function rgbaToRgb(rgba: Uint8Array | Uint8ClampedArray, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels * 3);
  for (let i = 0, j = 0; i < pixels; i++, j += 4) {
    // Composite on white: transparent areas of a page are paper, not black.
    const a = rgba[j + 3] / 255;
    out[i * 3] = Math.round(rgba[j] * a + 255 * (1 - a));
    out[i * 3 + 1] = Math.round(rgba[j + 1] * a + 255 * (1 - a));
    out[i * 3 + 2] = Math.round(rgba[j + 2] * a + 255 * (1 - a));
  }
  return out;
}
