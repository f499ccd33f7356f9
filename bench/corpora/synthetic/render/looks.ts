// How a document reaches us: a clean render, a flatbed scan (small skew, paper grain, grey
// levels), or a phone photo (perspective, uneven light, blur, sensor noise, then JPEG).
import { createCanvas } from "@napi-rs/canvas";
import type { Rng } from "../rng";
import { rasterToSharp } from "./encode";
import { rasterToCanvas, type Raster } from "./raster";

export type Look = "clean" | "scanned" | "phone";

export const LOOKS: readonly Look[] = ["clean", "scanned", "phone"];

async function blur(raster: Raster, sigma: number): Promise<Raster> {
  if (sigma < 0.3) return raster;
  const { data, info } = await rasterToSharp(raster)
    .blur(sigma)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  };
}

/** Scanner look: skew up to ~1.5°, a touch of blur, paper grain and noise, often greyscale. */
export async function scanLook(rng: Rng, page: Raster): Promise<LookResult> {
  const angle = rng.float(-1.5, 1.5) * (Math.PI / 180);
  const ox = rng.float(-8, 8);
  const oy = rng.float(-8, 8);
  const cx = page.width / 2;
  const cy = page.height / 2;
  const map: PointMap = (x, y) => [
    Math.cos(angle) * (x - cx) - Math.sin(angle) * (y - cy) + cx + ox,
    Math.sin(angle) * (x - cx) + Math.cos(angle) * (y - cy) + cy + oy,
  ];
  const { canvas: src } = rasterToCanvas(page);
  const out = createCanvas(page.width, page.height);
  const ctx = out.getContext("2d");
  const lid = rng.pick(["#f4f4f2", "#e9e9e6", "#fafafa"]);
  ctx.fillStyle = lid;
  ctx.fillRect(0, 0, page.width, page.height);
  ctx.translate(cx + ox, cy + oy);
  ctx.rotate(angle);
  ctx.drawImage(src, -page.width / 2, -page.height / 2);
  const raw = ctx.getImageData(0, 0, page.width, page.height).data;
  let raster: Raster = {
    width: page.width,
    height: page.height,
    data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length),
  };
  raster = await blur(raster, rng.float(0.4, 0.9));
  const grey = rng.chance(0.5);
  const black = rng.float(15, 45);
  const white = rng.float(228, 250);
  const noise = rng.float(2, 5);
  const grainScale = rng.float(0.01, 0.03);
  const d = raster.data;
  const noiseRng = rng.fork("scan-noise");
  const table = gaussianTable(noiseRng, NOISE_TABLE);
  let noiseState = noiseSeed(noiseRng);
  for (let y = 0; y < raster.height; y++) {
    // Slow vertical drift of the lamp's brightness.
    const drift = 1 + Math.sin(y * grainScale * 0.02) * 0.01;
    for (let x = 0; x < raster.width; x++) {
      const i = (y * raster.width + x) * 4;
      noiseState ^= noiseState << 13;
      noiseState ^= noiseState >>> 17;
      noiseState ^= noiseState << 5;
      const n = (table[noiseState & NOISE_MASK] as number) * noise;
      let r = d[i] as number;
      let g = d[i + 1] as number;
      let b = d[i + 2] as number;
      if (grey) r = g = b = 0.299 * r + 0.587 * g + 0.114 * b;
      d[i] = black + (r / 255) * (white - black) * drift + n;
      d[i + 1] = black + (g / 255) * (white - black) * drift + n;
      d[i + 2] = black + (b / 255) * (white - black) * drift + n;
    }
  }
  return { raster, map };
}

/** Phone-photo look: the page lies on a surface, seen in perspective, lit unevenly, slightly blurred and noisy. */
export async function phoneLook(rng: Rng, page: Raster, outLongSide = 3000): Promise<LookResult> {
  const portrait = page.height >= page.width;
  const aspect = 4 / 3;
  const width = portrait ? Math.round(outLongSide / aspect) : outLongSide;
  const height = portrait ? outLongSide : Math.round(outLongSide / aspect);
  // Where the page's corners land in the photo (clockwise from top-left).
  const fill = rng.float(0.78, 0.92);
  const pageAspect = page.width / page.height;
  let pw = width * fill;
  let ph = pw / pageAspect;
  if (ph > height * fill) {
    ph = height * fill;
    pw = ph * pageAspect;
  }
  const cx = width / 2 + rng.float(-0.04, 0.04) * width;
  const cy = height / 2 + rng.float(-0.04, 0.04) * height;
  const j = () => rng.float(-0.045, 0.045) * Math.min(width, height);
  const tilt = rng.float(-0.06, 0.06) * pw;
  const dst: Array<[number, number]> = [
    [cx - pw / 2 + j() + tilt, cy - ph / 2 + j()],
    [cx + pw / 2 + j() - tilt, cy - ph / 2 + j()],
    [cx + pw / 2 + j(), cy + ph / 2 + j()],
    [cx - pw / 2 + j(), cy + ph / 2 + j()],
  ];
  const src: Array<[number, number]> = [
    [0, 0],
    [page.width - 1, 0],
    [page.width - 1, page.height - 1],
    [0, page.height - 1],
  ];
  const h = homography(dst, src);
  const f = homography(src, dst);
  const map: PointMap = (x, y) => {
    const w = (f[6] as number) * x + (f[7] as number) * y + 1;
    return [
      ((f[0] as number) * x + (f[1] as number) * y + (f[2] as number)) / w,
      ((f[3] as number) * x + (f[4] as number) * y + (f[5] as number)) / w,
    ];
  };
  const surface = rng.pick([
    [120, 84, 52],
    [200, 196, 188],
    [60, 62, 66],
    [164, 126, 90],
    [228, 224, 215],
  ]) as [number, number, number];
  // Light: a bright spot somewhere and falloff, plus a cast (warm indoor or cool daylight).
  const lx = rng.float(0, width);
  const ly = rng.float(0, height);
  const reach = Math.hypot(width, height) * rng.float(0.7, 1.2);
  const strength = rng.float(0.12, 0.3);
  const cast = rng.pick([
    [1.0, 0.97, 0.9],
    [0.95, 0.98, 1.02],
    [1, 1, 1],
  ]) as [number, number, number];
  const noise = rng.float(2.5, 6);
  const noiseRng = rng.fork("phone-noise");
  const table = gaussianTable(noiseRng, NOISE_TABLE);
  let noiseState = noiseSeed(noiseRng);
  const out = new Uint8ClampedArray(width * height * 4);
  const s = page.data;
  const pw4 = page.width * 4;
  const [h0, h1, h2, h3, h4, h5, h6, h7] = h as [number, number, number, number, number, number, number, number];
  const maxX = page.width - 1;
  const maxY = page.height - 1;
  const invReach = 1 / reach;
  // Hot loop (millions of pixels): no closures, no Math.hypot.
  for (let y = 0; y < height; y++) {
    const dy2 = (y - ly) * (y - ly);
    for (let x = 0; x < width; x++) {
      const w = h6 * x + h7 * y + 1;
      const sx = (h0 * x + h1 * y + h2) / w;
      const sy = (h3 * x + h4 * y + h5) / w;
      let r: number;
      let g: number;
      let b: number;
      if (sx >= 0 && sy >= 0 && sx < maxX && sy < maxY) {
        const x0 = sx | 0;
        const y0 = sy | 0;
        const fx = sx - x0;
        const fy = sy - y0;
        const w00 = (1 - fx) * (1 - fy);
        const w01 = fx * (1 - fy);
        const w10 = (1 - fx) * fy;
        const w11 = fx * fy;
        const i00 = y0 * pw4 + x0 * 4;
        const i10 = i00 + pw4;
        r =
          (s[i00] as number) * w00 +
          (s[i00 + 4] as number) * w01 +
          (s[i10] as number) * w10 +
          (s[i10 + 4] as number) * w11;
        g =
          (s[i00 + 1] as number) * w00 +
          (s[i00 + 5] as number) * w01 +
          (s[i10 + 1] as number) * w10 +
          (s[i10 + 5] as number) * w11;
        b =
          (s[i00 + 2] as number) * w00 +
          (s[i00 + 6] as number) * w01 +
          (s[i10 + 2] as number) * w10 +
          (s[i10 + 6] as number) * w11;
      } else {
        const grain = ((x * 7 + y * 13) % 23) - 11;
        r = surface[0] + grain;
        g = surface[1] + grain;
        b = surface[2] + grain;
      }
      const dist = Math.sqrt((x - lx) * (x - lx) + dy2) * invReach;
      const light = 1 - strength * (dist < 1 ? dist : 1) - 0.05;
      noiseState ^= noiseState << 13;
      noiseState ^= noiseState >>> 17;
      noiseState ^= noiseState << 5;
      const n = (table[noiseState & NOISE_MASK] as number) * noise;
      const o = (y * width + x) * 4;
      out[o] = r * light * cast[0] + n;
      out[o + 1] = g * light * cast[1] + n;
      out[o + 2] = b * light * cast[2] + n;
      out[o + 3] = 255;
    }
  }
  return { raster: await blur({ width, height, data: out }, rng.float(0.6, 1.3)), map };
}

/** Maps a point of the rendered page (pixels) to where it landed in the look's output. */
export type PointMap = (x: number, y: number) => [number, number];

export interface LookResult {
  raster: Raster;
  map: PointMap;
}

export async function applyLook(rng: Rng, look: Look, page: Raster, phoneLongSide?: number): Promise<LookResult> {
  if (look === "scanned") return scanLook(rng, page);
  if (look === "phone") return phoneLook(rng, page, phoneLongSide);
  return { raster: page, map: (x, y) => [x, y] };
}

/**
 * Sensor and scanner noise: Gaussian values from a table, picked by a xorshift32 stream. Reading
 * the table in order would repeat the same noise every few thousand pixels, a periodic pattern
 * no sensor makes (and one that copy-move and noise checks would rightly see as cloned pixels).
 */
const NOISE_TABLE = 8192;
const NOISE_MASK = NOISE_TABLE - 1;

/** A non-zero xorshift32 state. */
function noiseSeed(rng: Rng): number {
  return rng.int(1, 0x7fffffff) | 0;
}

function gaussianTable(rng: Rng, size: number): Float32Array {
  const table = new Float32Array(size);
  for (let i = 0; i < size; i++) table[i] = rng.normal(1);
  return table;
}

/** The 3×3 projective map (h33 = 1) taking each `from` point to the matching `to` point. */
export function homography(from: Array<[number, number]>, to: Array<[number, number]>): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] as [number, number];
    const [u, v] = to[i] as [number, number];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss–Jordan elimination with partial pivoting on the 8×9 augmented matrix.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++)
      if (Math.abs((a[r] as number[])[c] as number) > Math.abs((a[p] as number[])[c] as number)) p = r;
    [a[c], a[p]] = [a[p] as number[], a[c] as number[]];
    const row = a[c] as number[];
    const pivot = row[c] as number;
    for (let k = c; k < 9; k++) row[k] = (row[k] as number) / pivot;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const other = a[r] as number[];
      const f = other[c] as number;
      for (let k = c; k < 9; k++) other[k] = (other[k] as number) - f * (row[k] as number);
    }
  }
  return a.map((row) => row[8] as number);
}
