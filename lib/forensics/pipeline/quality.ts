// Whether a page can be judged at all: resolution, blur and exposure. Measured on a copy shrunk
// to a common size so the numbers mean the same for a phone photo and a 600-dpi scan.
import type { PageQuality } from "../types";
import { downscaled } from "./raster";

const MEASURE_SIDE = 1200;

/** Below these a reader (or OCR) cannot tell a forgery from a bad photo; see tooPoor(). */
const POOR = {
  minShortSide: 300,
  minBrightness: 35,
  maxClipped: 0.3,
  /** Edge crispness (mean |Laplacian| / mean |gradient| on edges); sharp print is ~0.5+, heavy blur under 0.15. */
  minCrispness: 0.12,
  /** Share of crushed blacks (under-exposure) past which nothing can be read in the shadows. */
  /** Only judge crispness when the page has ink (0.5th..99.5th percentile spread); a blank page is not "blurry". */
  minSpreadForBlur: 25,
};

export interface QualityExtras {
  crispness: number;
  contrast: number;
  spread: number;
  darkClipped: number;
}

export async function measureQuality(
  page: { rgb: Uint8Array; width: number; height: number },
  dpi: number | null,
): Promise<PageQuality & QualityExtras> {
  const g = await downscaled(page, MEASURE_SIDE, true);
  const { data, width, height } = g;
  const n = width * height;

  const hist = new Uint32Array(256);
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const v = data[i];
    hist[v]++;
    sum += v;
    sumSq += v * v;
  }
  const brightness = sum / n;
  const contrast = Math.sqrt(Math.max(0, sumSq / n - brightness * brightness));
  const spread = percentile(hist, n, 0.995) - percentile(hist, n, 0.005);

  let lapSum = 0;
  let lapSq = 0;
  let edgeLap = 0;
  let edgeGrad = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const c = data[i];
      const lap = data[i - 1] + data[i + 1] + data[i - width] + data[i + width] - 4 * c;
      lapSum += lap;
      lapSq += lap * lap;
      count++;
      const gx = data[i + 1] - data[i - 1];
      const gy = data[i + width] - data[i - width];
      const grad = Math.abs(gx) + Math.abs(gy);
      if (grad > 24) {
        edgeLap += Math.abs(lap);
        edgeGrad += grad;
      }
    }
  }
  const lapMean = count ? lapSum / count : 0;
  const sharpness = count ? lapSq / count - lapMean * lapMean : 0;
  const crispness = edgeGrad > 0 ? edgeLap / edgeGrad : 0;

  const clipped = clippedFraction(hist, n);
  let dark = 0;
  for (let v = 0; v <= 3; v++) dark += hist[v];
  const quality: PageQuality & QualityExtras = {
    width: page.width,
    height: page.height,
    dpi,
    sharpness: round(sharpness, 1),
    brightness: round(brightness, 1),
    clipped: round(clipped, 4),
    too_poor_to_judge: false,
    crispness: round(crispness, 3),
    contrast: round(contrast, 1),
    spread,
    darkClipped: round(dark / n, 4),
  };
  quality.too_poor_to_judge = tooPoor(quality);
  return quality;
}

/** Near-black and near-white pixels, leaving out the paper itself when the paper is what is white. */
function clippedFraction(hist: Uint32Array, n: number): number {
  let paper = 128;
  for (let v = 129; v < 256; v++) if (hist[v] > hist[paper]) paper = v;
  let dark = 0;
  for (let v = 0; v <= 3; v++) dark += hist[v];
  let white = 0;
  if (paper < 245) for (let v = 252; v < 256; v++) white += hist[v];
  return (dark + white) / n;
}

function tooPoor(q: PageQuality & QualityExtras): boolean {
  if (Math.min(q.width, q.height) < POOR.minShortSide) return true;
  if (q.brightness < POOR.minBrightness) return true;
  // Only black clipping decides: white that is not the paper's tone may be the margin around a
  // card or a form's white boxes as well as glare, so it is reported, not judged.
  if (q.darkClipped > POOR.maxClipped) return true;
  return q.spread >= POOR.minSpreadForBlur && q.crispness < POOR.minCrispness;
}

function percentile(hist: Uint32Array, n: number, p: number): number {
  const target = p * n;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= target) return v;
  }
  return 255;
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
