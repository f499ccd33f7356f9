import { beforeAll, describe, expect, it } from "vitest";
import { analyseNoise } from "./noise";
import { analyseSharpness } from "./sharpness";
import {
  applyLook,
  asBox,
  decode,
  decodeGrey,
  encodeJpeg,
  encodePng,
  overlaps,
  renderDocument,
  retype,
  rng,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

async function sharpnessOf(bytes: Uint8Array) {
  const g = await decodeGrey(bytes);
  return analyseSharpness(g, { step: 2, noiseSigma: analyseNoise(g, { rowStep: 3 }).pageSigma });
}

// An amount of the table, painted over with the paper colour and typed again in the editor.
const field = { x: 870, y: 700, width: 200, height: 36 };

describe("print sharpness on a phone photo", () => {
  let photo: Rgb;
  beforeAll(async () => {
    photo = await decode(await encodeJpeg(await applyLook(renderDocument(1), "phone", 2), 90));
  }, 120_000);

  it("finds the page's print uniformly blurred and raises nothing", async () => {
    const result = await sharpnessOf(await encodeJpeg(photo, 90));
    expect(result.pageEdgeWidth).toBeGreaterThan(result.threshold.minPageWidth);
    expect(result.regions).toEqual([]);
  });

  it("flags text typed onto the image after capture", async () => {
    const result = await sharpnessOf(await encodeJpeg(retype(photo, field, "9,999.00"), 90));
    const hit = result.regions.find((r) => overlaps(asBox(r), field));
    expect(hit).toBeDefined();
    expect(hit!.edgeWidth * result.threshold.ratio).toBeLessThanOrEqual(hit!.baseline);
    expect(result.regions.every((r) => overlaps(asBox(r), field))).toBe(true);
  });
});

describe("print sharpness on pages whose print is crisp already", () => {
  it("does not judge a sharp scan, where typed text is hardly crisper than the print", async () => {
    const scan = await decode(await encodeJpeg(await applyLook(renderDocument(1), "scan", 2), 90));
    const result = await sharpnessOf(await encodeJpeg(retype(scan, field, "9,999.00"), 90));
    expect(result.pageEdgeWidth).toBeLessThan(result.threshold.minPageWidth);
    expect(result.regions).toEqual([]);
  });

  it("does not judge a clean render, where typed text looks the same as the print", async () => {
    const clean = renderDocument(3);
    const result = await sharpnessOf(await encodePng(retype(clean, field, "9,999.00")));
    expect(result.pageEdgeWidth).toBeLessThan(result.threshold.minPageWidth);
    expect(result.regions).toEqual([]);
  });
});

describe("print sharpness after a digital deskew", () => {
  // A scanner that straightens a skewed page resamples it: where a row's shift lands near a whole
  // pixel, its vertical strokes keep their edges, half a pixel off they are interpolated soft. So a
  // band of rows reads crisp one way only, while text typed on afterwards is crisp both ways.
  const W = 1200;
  const H = 1400;
  const band = { y0: 640, y1: 720 };
  const gaussian = (sigma: number) => {
    const r = Math.ceil(sigma * 3);
    const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
    const s = k.reduce((a, b) => a + b, 0);
    return { r, k: k.map((v) => v / s) };
  };
  function page(crisp: { rows: boolean; columns: boolean }) {
    const ink = new Float64Array(W * H).fill(236);
    // Lines of letter-sized strokes: 5 px stems and 3 px bars, 13 px apart, lines 36 px apart.
    for (let y0 = 60; y0 + 24 < H - 60; y0 += 36) {
      for (let x0 = 60; x0 + 10 < W - 60; x0 += 13) {
        if ((x0 * 7 + y0) % 11 === 0) continue;
        for (let y = y0; y < y0 + 22; y++) for (let x = x0; x < x0 + 5; x++) ink[y * W + x] = 40;
        for (let y = y0 + 10; y < y0 + 13; y++) for (let x = x0; x < x0 + 10; x++) ink[y * W + x] = 40;
      }
    }
    const inBand = (y: number) => y >= band.y0 && y < band.y1;
    const soft = gaussian(1.0);
    const sharpK = gaussian(0.35);
    // Along rows (softens vertical edges), then along columns (softens horizontal edges).
    const rowsOut = new Float64Array(W * H);
    for (let y = 0; y < H; y++) {
      const { r, k } = inBand(y) && crisp.rows ? sharpK : soft;
      for (let x = 0; x < W; x++) {
        let s = 0;
        for (let j = -r; j <= r; j++) s += k[j + r]! * ink[y * W + Math.min(W - 1, Math.max(0, x + j))]!;
        rowsOut[y * W + x] = s;
      }
    }
    const seed = rng(7);
    const data = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      const { r, k } = inBand(y) && crisp.columns ? sharpK : soft;
      for (let x = 0; x < W; x++) {
        let s = 0;
        for (let j = -r; j <= r; j++) s += k[j + r]! * rowsOut[Math.min(H - 1, Math.max(0, y + j)) * W + x]!;
        const noise = (seed() + seed() + seed() - 1.5) * 2 * 2.4;
        data[y * W + x] = Math.max(0, Math.min(255, Math.round(s + noise)));
      }
    }
    return { data, width: W, height: H };
  }
  const run = (g: ReturnType<typeof page>) =>
    analyseSharpness(g, { step: 2, noiseSigma: analyseNoise(g, { rowStep: 3 }).pageSigma });

  it("does not take a band crisp one way only for added text", () => {
    expect(run(page({ rows: true, columns: false })).regions).toEqual([]);
  });

  it("flags the band when its print is crisp both ways", () => {
    const hit = run(page({ rows: true, columns: true })).regions;
    expect(hit.length).toBeGreaterThan(0);
    expect(hit.every((r) => r.y1 > band.y0 && r.y0 < band.y1)).toBe(true);
  });
});
