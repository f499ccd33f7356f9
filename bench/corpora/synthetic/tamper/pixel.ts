// Image forgeries made the way people make them in an image editor, applied to the final
// photo or scan (after the look): retyping a value, splicing in a patch from another JPEG,
// cloning digits or a stamp, and pasting a clean digital patch into a noisy photo.
import { createCanvas } from "@napi-rs/canvas";
import { canvasFamily, registerFonts } from "../fonts";
import type { FontKey, TextElement } from "../layout";
import { decodeToRaster, encodeRaster } from "../render/encode";
import type { PointMap } from "../render/looks";
import { canvasToRaster, rasterToCanvas, type Raster } from "../render/raster";
import type { Rng } from "../rng";
import { textBox } from "./targets";

/** Where a text element landed in the output image: its baseline start, direction, scale and bounding box. */
export interface PlacedText {
  element: TextElement;
  /** Baseline start in output pixels. */
  origin: [number, number];
  angle: number;
  /** Output pixels per point along the baseline. */
  scale: number;
  box: { x: number; y: number; width: number; height: number };
}

export function placeText(el: TextElement, value: string, map: PointMap, pxPerPt: number, pad = 3): PlacedText {
  const a = textBox(el);
  const b = textBox(el, value);
  const x0 = Math.min(a.x, b.x) - pad;
  const x1 = Math.max(a.x + a.width, b.x + b.width) + pad;
  const y0 = Math.min(a.y, b.y) - pad;
  const y1 = Math.max(a.y + a.height, b.y + b.height) + pad;
  const corners = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ].map(([x, y]) => map((x as number) * pxPerPt, (y as number) * pxPerPt));
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const startX = b.x;
  const p0 = map(startX * pxPerPt, el.y * pxPerPt);
  const p1 = map((startX + 100) * pxPerPt, el.y * pxPerPt);
  const box = { x: Math.floor(Math.min(...xs)), y: Math.floor(Math.min(...ys)), width: 0, height: 0 };
  box.width = Math.ceil(Math.max(...xs)) - box.x;
  box.height = Math.ceil(Math.max(...ys)) - box.y;
  return {
    element: el,
    origin: p0,
    angle: Math.atan2(p1[1] - p0[1], p1[0] - p0[0]),
    scale: Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / 100,
    box,
  };
}

function clampBox(r: Raster, box: PlacedText["box"]) {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  return {
    x,
    y,
    width: Math.max(1, Math.min(r.width, box.x + box.width) - x),
    height: Math.max(1, Math.min(r.height, box.y + box.height) - y),
  };
}

/** Median colour and noise level of the ring of pixels just outside a box (what a forger samples to paint over). */
function surroundings(r: Raster, box: PlacedText["box"]): { color: [number, number, number]; noise: number } {
  const b = clampBox(r, box);
  const samples: number[][] = [[], [], []];
  const ring = 3;
  for (let y = Math.max(0, b.y - ring); y < Math.min(r.height, b.y + b.height + ring); y++) {
    for (let x = Math.max(0, b.x - ring); x < Math.min(r.width, b.x + b.width + ring); x++) {
      const inside = x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height;
      if (inside) continue;
      const i = (y * r.width + x) * 4;
      for (let c = 0; c < 3; c++) (samples[c] as number[]).push(r.data[i + c] as number);
    }
  }
  const color = samples.map((s) => {
    const sorted = [...s].sort((p, q) => p - q);
    // Upper half: the paper, not the ink that may touch the ring.
    return sorted[Math.floor(sorted.length * 0.7)] ?? 255;
  }) as [number, number, number];
  const g = samples[1] as number[];
  const bright = g.filter((v) => v > color[1] - 25);
  const mean = bright.reduce((s, v) => s + v, 0) / Math.max(1, bright.length);
  const noise = Math.sqrt(bright.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, bright.length));
  return { color, noise };
}

function lookAlikeFont(rng: Rng, font: FontKey): FontKey {
  const options: FontKey[] = font.includes("bold")
    ? ["sans-bold", "liberation-bold", "serif-bold"]
    : font.startsWith("serif")
      ? ["serif", "serif-condensed", "liberation"]
      : ["sans", "liberation", "sans-condensed"];
  return rng.chance(0.35) ? font : rng.pick(options.filter((f) => f !== font));
}

function parseHex(hex: string): [number, number, number] {
  return [0, 1, 2].map((i) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16)) as [number, number, number];
}

export interface RetypeOptions {
  /** Add noise matching the surroundings (a careful forger) or leave the patch clean. */
  matchNoise: boolean;
}

/** Paints over the value with the paper colour and types the replacement in a near-identical style. */
export function retype(
  rng: Rng,
  raster: Raster,
  placed: PlacedText,
  replacement: string,
  options: RetypeOptions,
): Raster {
  registerFonts();
  const { canvas, ctx } = rasterToCanvas(raster);
  const { color, noise } = surroundings(raster, placed.box);
  const b = clampBox(raster, placed.box);
  ctx.fillStyle = `rgb(${color.join(",")})`;
  ctx.fillRect(b.x, b.y, b.width, b.height);
  const el = placed.element;
  const ink = parseHex(el.color).map((v) => Math.max(0, Math.min(255, v + rng.int(-12, 30))));
  ctx.save();
  ctx.beginPath();
  ctx.rect(b.x, b.y, b.width, b.height);
  ctx.clip();
  ctx.translate(
    placed.origin[0] + rng.float(-1, 1) * placed.scale,
    placed.origin[1] + rng.float(-0.8, 0.8) * placed.scale,
  );
  ctx.rotate(placed.angle + rng.float(-0.004, 0.004));
  ctx.font = `${el.size * placed.scale * rng.float(0.95, 1.06)}px "${canvasFamily(lookAlikeFont(rng, el.font))}"`;
  ctx.fillStyle = `rgb(${ink.join(",")})`;
  ctx.fillText(replacement, 0, 0);
  ctx.restore();
  const out = canvasToRaster(ctx, canvas.width, canvas.height);
  if (options.matchNoise && noise > 0.5) {
    for (let y = b.y; y < b.y + b.height; y++) {
      for (let x = b.x; x < b.x + b.width; x++) {
        const i = (y * out.width + x) * 4;
        const n = rng.normal(noise);
        out.data[i] = (out.data[i] as number) + n;
        out.data[i + 1] = (out.data[i + 1] as number) + n;
        out.data[i + 2] = (out.data[i + 2] as number) + n;
      }
    }
  }
  return out;
}

/**
 * The original was a JPEG at one quality; the forger retyped the value in a copy saved at another
 * quality (or took the patch from another document's JPEG) and pasted that patch back. The caller
 * then saves the whole image again.
 */
export async function splice(rng: Rng, raster: Raster, placed: PlacedText, replacement: string): Promise<Raster> {
  const q1 = rng.int(88, 96);
  const original = await decodeToRaster(await encodeRaster(raster, "jpeg", { quality: q1 }));
  const donorEdited = retype(rng, original, placed, replacement, { matchNoise: true });
  const q2 = rng.int(50, 72);
  const donor = await decodeToRaster(
    await encodeRaster(donorEdited, "jpeg", { quality: q2, chroma: rng.chance(0.5) ? "4:4:4" : "4:2:0" }),
  );
  // A rectangular selection a little larger than the text, not aligned to the 8×8 grid.
  const margin = rng.int(3, 9);
  const b = clampBox(original, {
    x: placed.box.x - margin,
    y: placed.box.y - margin,
    width: placed.box.width + 2 * margin,
    height: placed.box.height + 2 * margin,
  });
  const out = new Uint8ClampedArray(original.data);
  for (let y = b.y; y < b.y + b.height; y++) {
    const start = (y * original.width + b.x) * 4;
    out.set(donor.data.subarray(start, start + b.width * 4), start);
  }
  return { width: original.width, height: original.height, data: out };
}

/** Copies one glyph of the value over another (a digit cloned within the same field). */
export function copyMoveGlyph(
  rng: Rng,
  raster: Raster,
  el: TextElement,
  map: PointMap,
  pxPerPt: number,
): { raster: Raster; box: PlacedText["box"]; source: PlacedText["box"] } | null {
  const chars = [...el.text];
  const positions = chars.map((ch, i) => ({ ch, i })).filter((c) => /[0-9A-Za-z]/.test(c.ch));
  if (positions.length < 2) return null;
  const boxOf = (i: number) => {
    const prefix = textBox(el, el.text.slice(0, i));
    const upto = textBox(el, el.text.slice(0, i + 1));
    const full = textBox(el);
    return { x0: full.x + prefix.width, x1: full.x + upto.width };
  };
  const src = rng.pick(positions);
  const candidates = positions.filter((p) => p.ch !== src.ch);
  if (candidates.length === 0) return null;
  const dst = rng.pick(candidates);
  const s = boxOf(src.i);
  const d = boxOf(dst.i);
  const w = Math.min(s.x1 - s.x0, d.x1 - d.x0);
  const top = el.y - el.size * 0.85;
  const h = el.size * 1.1;
  const [sx, sy] = map(s.x0 * pxPerPt, top * pxPerPt);
  const [dx, dy] = map(d.x0 * pxPerPt, top * pxPerPt);
  const pw = Math.max(2, Math.round(w * pxPerPt * (Math.hypot(...sub(map(100, 0), map(0, 0))) / 100)));
  const ph = Math.max(2, Math.round(h * pxPerPt * (Math.hypot(...sub(map(0, 100), map(0, 0))) / 100)));
  return {
    raster: copyBlock(raster, Math.round(sx), Math.round(sy), Math.round(dx), Math.round(dy), pw, ph),
    box: { x: Math.round(dx), y: Math.round(dy), width: pw, height: ph },
    source: { x: Math.round(sx), y: Math.round(sy), width: pw, height: ph },
  };
}

function sub(a: [number, number], b: [number, number]): [number, number] {
  return [a[0] - b[0], a[1] - b[1]];
}

/** Copies a block of pixels to another place (a clone-stamp of a whole region). */
export function copyBlock(
  raster: Raster,
  sx: number,
  sy: number,
  dx: number,
  dy: number,
  width: number,
  height: number,
): Raster {
  const out = new Uint8ClampedArray(raster.data);
  for (let y = 0; y < height; y++) {
    const ys = sy + y;
    const yd = dy + y;
    if (ys < 0 || yd < 0 || ys >= raster.height || yd >= raster.height) continue;
    for (let x = 0; x < width; x++) {
      const xs = sx + x;
      const xd = dx + x;
      if (xs < 0 || xd < 0 || xs >= raster.width || xd >= raster.width) continue;
      const si = (ys * raster.width + xs) * 4;
      const di = (yd * raster.width + xd) * 4;
      out[di] = raster.data[si] as number;
      out[di + 1] = raster.data[si + 1] as number;
      out[di + 2] = raster.data[si + 2] as number;
    }
  }
  return { width: raster.width, height: raster.height, data: out };
}

/** Smooths a region hard (what a clone/heal brush leaves) so its noise no longer matches the rest. */
export function denoiseRegion(raster: Raster, box: PlacedText["box"], radius: number): Raster {
  const b = clampBox(raster, box);
  const canvas = createCanvas(b.width, b.height);
  const ctx = canvas.getContext("2d");
  const patch = ctx.createImageData(b.width, b.height);
  for (let y = 0; y < b.height; y++) {
    const start = ((b.y + y) * raster.width + b.x) * 4;
    patch.data.set(raster.data.subarray(start, start + b.width * 4), y * b.width * 4);
  }
  ctx.putImageData(patch, 0, 0);
  const blurred = createCanvas(b.width, b.height);
  const bctx = blurred.getContext("2d");
  bctx.filter = `blur(${radius}px)`;
  bctx.drawImage(canvas, 0, 0);
  const smooth = bctx.getImageData(0, 0, b.width, b.height).data;
  const out = new Uint8ClampedArray(raster.data);
  for (let y = 0; y < b.height; y++) {
    const start = ((b.y + y) * raster.width + b.x) * 4;
    out.set(smooth.subarray(y * b.width * 4, (y + 1) * b.width * 4), start);
  }
  return { width: raster.width, height: raster.height, data: out };
}
