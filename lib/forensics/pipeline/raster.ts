// Rasters derived from a page, made once per page and shared by the stages that read them. The
// grey page is libvips' own greyscale at full resolution: libvips converts to grey before it
// resizes, so a shrink of it is bit for bit what `sharp(rgb).resize().greyscale()` gives, and each
// reader (quality, OCR, the zone locator) resizes one channel instead of converting three again.
import sharp, { type Sharp } from "sharp";

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

// Keyed by the pixels, not the page object: decode measures quality on the raster before the page
// object that carries it exists.
const greys = new WeakMap<Uint8Array, Promise<Raster>>();
const cache = new WeakMap<Uint8Array, Map<string, Promise<Raster>>>();

/** The page in grey at full resolution. */
export function greyOf(page: RgbSource): Promise<Raster> {
  let hit = greys.get(page.rgb);
  if (!hit) {
    hit = toRaster(sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } }).greyscale());
    greys.set(page.rgb, hit);
  }
  return hit;
}

/** A one-channel raster as a sharp input (kept grey on output). */
export function greyInput(grey: Raster): Sharp {
  return sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } }).greyscale();
}

/** The page shrunk to at most `maxSide` pixels on its longer side (never enlarged). */
export function downscaled(page: RgbSource, maxSide: number, grey: boolean): Promise<Raster> {
  let perPage = cache.get(page.rgb);
  if (!perPage) cache.set(page.rgb, (perPage = new Map()));
  const key = `${maxSide}:${grey ? "g" : "c"}`;
  let hit = perPage.get(key);
  if (!hit) {
    hit = shrink(page, maxSide, grey);
    perPage.set(key, hit);
  }
  return hit;
}

async function shrink(page: RgbSource, maxSide: number, grey: boolean): Promise<Raster> {
  const fit = { width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true } as const;
  if (grey) return toRaster(greyInput(await greyOf(page)).resize(fit));
  return toRaster(sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } }).resize(fit));
}

async function toRaster(pipeline: Sharp): Promise<Raster> {
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
