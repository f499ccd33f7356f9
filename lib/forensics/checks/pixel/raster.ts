// The greyscale rasters the pixel analyses work on, and the mapping of their coordinates back to
// the upright page that findings are reported on.
import sharp from "sharp";
import type { DocumentContext, PageImage, TextItem } from "../../context";
import type { PixelBox } from "../../region";
import type { Region } from "../../types";

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Rec. 601 luma, the same weights JPEG uses for its Y channel, so DCT lattices survive the conversion. */
export function toGrey(rgb: Uint8Array, width: number, height: number): Grey {
  const n = width * height;
  const data = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) data[i] = lumaAt(rgb, j);
  return { data, width, height };
}

/** The luma (BT.601 weights, rounded) of the pixel whose red byte is `rgb[j]`. */
export function lumaAt(rgb: Uint8Array, j: number): number {
  return ((rgb[j] as number) * 19595 + (rgb[j + 1] as number) * 38470 + (rgb[j + 2] as number) * 7471 + 32768) >> 16;
}

/** A word's OCR box (page fractions) in pixels of `g`. */
export function wordBox(
  item: Pick<TextItem, "x" | "y" | "width" | "height">,
  g: { width: number; height: number },
): PixelBox {
  return {
    x0: Math.round(item.x * g.width),
    y0: Math.round(item.y * g.height),
    x1: Math.round((item.x + item.width) * g.width),
    y1: Math.round((item.y + item.height) * g.height),
  };
}

/**
 * Box-filter shrink by an integer factor (averaging, so noise and aliasing are both reduced), of
 * the raster from its pixel (ox, oy) on: the page without its first ox columns and oy rows, read
 * in place rather than copied out first.
 */
export function shrink(src: Grey, factor: number, ox = 0, oy = 0): Grey {
  if (factor <= 1 && ox === 0 && oy === 0) return src;
  if (factor === 2) return halve(src, ox, oy);
  return shrinkBy(src, Math.max(1, factor), ox, oy);
}

function shrinkBy(src: Grey, factor: number, ox: number, oy: number): Grey {
  const width = Math.floor((src.width - ox) / factor);
  const height = Math.floor((src.height - oy) / factor);
  const data = new Uint8Array(width * height);
  const acc = new Uint32Array(width);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    acc.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      const row = (oy + y * factor + dy) * src.width + ox;
      for (let x = 0; x < width; x++) {
        let s = 0;
        const base = row + x * factor;
        for (let dx = 0; dx < factor; dx++) s += src.data[base + dx];
        acc[x] += s;
      }
    }
    for (let x = 0; x < width; x++) data[y * width + x] = Math.round(acc[x] / area);
  }
  return { data, width, height };
}

/**
 * shrink by 2, the factor of every 300-dpi page in standard mode, without the general loop's
 * accumulator: the same sums and the same rounding, in a third of the time.
 */
function halve(src: Grey, ox: number, oy: number): Grey {
  const width = Math.floor((src.width - ox) / 2);
  const height = Math.floor((src.height - oy) / 2);
  const data = new Uint8Array(width * height);
  const s = src.data;
  for (let y = 0; y < height; y++) {
    let a = (oy + 2 * y) * src.width + ox;
    let b = a + src.width;
    const out = y * width;
    for (let x = 0; x < width; x++, a += 2, b += 2) {
      // (sum + 2) >> 2 is Math.round(sum / 4) for a non-negative sum, halves up included, without the division.
      data[out + x] = ((s[a] as number) + (s[a + 1] as number) + (s[b] as number) + (s[b + 1] as number) + 2) >> 2;
    }
  }
  return { data, width, height };
}

/**
 * The raster as it is stored in the file. JPEG's 8×8 grid is anchored at the top-left of the
 * *stored* image, before EXIF rotation, so the compression analyses must run there; `orientation`
 * says how to turn their regions upright.
 */
export interface StoredRaster {
  grey: Grey;
  orientation: number;
  /** Whether the raster is the decoded JPEG itself (its grid is meaningful). */
  fromJpeg: boolean;
}

export async function storedRaster(ctx: DocumentContext, page: PageImage, grey: Grey): Promise<StoredRaster> {
  // A scanned PDF page's embedded JPEG is used as stored (PDF viewers ignore its EXIF orientation).
  if (page.embedded) return { grey, orientation: 1, fromJpeg: true };
  if (ctx.format !== "jpeg" || ctx.pages.length !== 1) return { grey, orientation: 1, fromJpeg: false };
  const meta = await sharp(ctx.bytes).metadata();
  const orientation = meta.orientation ?? 1;
  if (orientation === 1 && meta.width === page.width && meta.height === page.height) {
    return { grey, orientation, fromJpeg: true };
  }
  // Re-decode without rotation so the grid stays where the encoder put it.
  const { data, info } = await sharp(ctx.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    grey: {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    },
    orientation,
    fromJpeg: true,
  };
}

/** A rectangle in fractions of the stored image, turned upright by EXIF orientation 1..8. */
export function orientRegion(r: Region, orientation: number): Region {
  const { x, y, width: w, height: h } = r;
  switch (orientation) {
    case 2:
      return { x: 1 - x - w, y, width: w, height: h };
    case 3:
      return { x: 1 - x - w, y: 1 - y - h, width: w, height: h };
    case 4:
      return { x, y: 1 - y - h, width: w, height: h };
    case 5:
      return { x: y, y: x, width: h, height: w };
    case 6:
      return { x: 1 - y - h, y: x, width: h, height: w };
    case 7:
      return { x: 1 - y - h, y: 1 - x - w, width: h, height: w };
    case 8:
      return { x: y, y: 1 - x - w, width: h, height: w };
    default:
      return r;
  }
}

/** A pixel rectangle as page fractions, rounded for reports. */
export function pixelRegion(x0: number, y0: number, x1: number, y1: number, width: number, height: number): Region {
  const f = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
  return {
    x: f(x0 / width),
    y: f(y0 / height),
    width: f((x1 - x0) / width),
    height: f((y1 - y0) / height),
  };
}
