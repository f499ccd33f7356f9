import { beforeAll, describe, expect, it } from "vitest";
import { analyseCopyMove, bandAgreement, bandCopied, copyMoveScale, layersOf } from "./copy-move";
import { findCandidates, type Layer } from "./copy-move-candidates";
import { analyseNoise } from "./noise";
import {
  applyLook,
  asBox,
  decode,
  decodeGrey,
  encodeJpeg,
  encodePng,
  overlaps,
  paste,
  renderDocument,
  rng,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

async function copyMoveOf(bytes: Uint8Array, scale = 1) {
  const g = await decodeGrey(bytes);
  const noise = analyseNoise(g, { rowStep: 2 });
  return analyseCopyMove(g, { scale, pageNoiseSigma: noise.pageSigma, maxCandidates: 600 });
}

// Three digits of the first amount of the table, with the paper around them, pasted over another amount.
const source = { x: 880, y: 730, width: 40, height: 26 };
const target = { x: 923, y: 851, width: 40, height: 26 };

describe.each(["phone", "scan"] as const)("copy-move on a %s", (look) => {
  let photo: Rgb;
  beforeAll(async () => {
    photo = await decode(await encodeJpeg(await applyLook(renderDocument(1), look, 2), 90));
  }, 120_000);

  it("does not mistake the page's repeated glyphs and words for clones", async () => {
    const result = await copyMoveOf(await encodePng(photo));
    expect(result.candidates).toBeGreaterThan(50);
    expect(result.regions).toEqual([]);
  });

  it("finds a digit-sized patch cloned with its background", async () => {
    const result = await copyMoveOf(await encodePng(paste(photo, photo, source, target.x, target.y)));
    expect(result.regions.length).toBe(1);
    const [clone] = result.regions;
    expect(clone.shift).toEqual([target.x - source.x, target.y - source.y]);
    expect(overlaps(asBox(clone.a), source)).toBe(true);
    expect(overlaps(asBox(clone.b), target)).toBe(true);
    expect(clone.matchedNoisePixels).toBeGreaterThanOrEqual(result.threshold.minMatchedNoisePixels);
  });
});

describe("copy-move at 300 dpi in standard mode (half resolution)", () => {
  it("finds a cloned amount after a JPEG re-save, and nothing on the twin", { timeout: 180_000 }, async () => {
    const photo = await decode(await encodeJpeg(await applyLook(renderDocument(3, 2480), "scan", 5), 90));
    const from = { x: 1760, y: 1460, width: 80, height: 52 };
    const to = { x: 1846, y: 1702, width: 80, height: 52 };
    const tampered = await copyMoveOf(await encodeJpeg(paste(photo, photo, from, to.x, to.y), 92), 2);
    expect(tampered.regions.some((r) => overlaps(asBox(r.b), to) && overlaps(asBox(r.a), from))).toBe(true);
    const twin = await copyMoveOf(await encodeJpeg(photo, 92), 2);
    expect(twin.regions).toEqual([]);
  });
});

describe("copy-move's page noise floor", () => {
  // A phone's JPEG may leave a page 0.6-0.7 grey levels of noise, a scanner's at quality 75 0.5-0.6,
  // in which the bands still read a clone; a render has none (0-0.03).
  const page = renderDocument(1);
  it("judges a captured page with a JPEG's noise and skips one with less; a lossless page needs more", async () => {
    const g = await decodeGrey(await encodePng(page));
    const jpeg = { scale: 1, maxCandidates: 10, lumaTable: new Float64Array(64).fill(2) };
    expect(analyseCopyMove(g, { ...jpeg, pageNoiseSigma: 0.52 }).skipped).toBeUndefined();
    expect(analyseCopyMove(g, { ...jpeg, pageNoiseSigma: 0.45 }).skipped).toMatch(/noise/);
    expect(analyseCopyMove(g, { scale: 1, maxCandidates: 10, pageNoiseSigma: 0.52 }).skipped).toMatch(/noise/);
    expect(analyseCopyMove(g, { scale: 1, maxCandidates: 10, pageNoiseSigma: 0.65 }).skipped).toBeUndefined();
  });
});

describe("copy-move on a clean render", () => {
  it("does not judge a page without noise, where a clone and a repeated glyph look alike", async () => {
    const clean = renderDocument(1);
    const result = await copyMoveOf(await encodePng(paste(clean, clean, source, target.x, target.y)));
    expect(result.skipped).toMatch(/noise/);
    expect(result.regions).toEqual([]);
  });
});

describe("copy-move at 300 dpi after a scanner's JPEG", () => {
  // A scanner saves at quality 75-88: that rewrites most of the finest noise, differently in two
  // places its 8×8 grid cuts differently, and a clone moved by an odd number of pixels falls
  // between the samples of the half-resolution matching. A line's worth of amounts moved by
  // (87, 243), saved at quality 80.
  const from = { x: 1700, y: 1450, width: 200, height: 60 };
  const to = { x: 1787, y: 1693, width: 200, height: 60 };
  let scan: Rgb;
  beforeAll(async () => {
    scan = await applyLook(renderDocument(3, 2480), "scan", 5);
  }, 120_000);

  it("matches the odd shift only with the off-phase layers", async () => {
    const g = await decodeGrey(await encodePng(paste(scan, scan, from, to.x, to.y)));
    const found = (layers: Layer[]) =>
      findCandidates(layers, { scale: 2, maxCandidates: 300, minSupport: 12, phaseTolerance: 0.6 }).some(
        (c) => Math.abs(c.fullShift[0]) === to.x - from.x && Math.abs(c.fullShift[1]) === to.y - from.y,
      );
    const layers = layersOf(g, 2);
    expect(layers).toHaveLength(4);
    expect(found(layers.slice(0, 1))).toBe(false);
    expect(found(layers)).toBe(true);
  });

  it("finds the clone by its copied noise, and nothing on the twin", { timeout: 180_000 }, async () => {
    const tampered = await copyMoveOf(await encodeJpeg(paste(scan, scan, from, to.x, to.y), 80), 2);
    const clone = tampered.regions.find((r) => overlaps(asBox(r.b), to) && overlaps(asBox(r.a), from));
    expect(clone?.shift).toEqual([to.x - from.x, to.y - from.y]);
    // Found by the bands: the pixel-for-pixel test no longer sees enough agreeing paper after this save.
    expect(clone?.matchedNoisePixels).toBeLessThan(tampered.threshold.minMatchedNoisePixels);
    expect(clone?.band?.coarse).toBeGreaterThanOrEqual(0.4);
    const twin = await copyMoveOf(await encodeJpeg(scan, 80), 2);
    expect(twin.regions).toEqual([]);
  });
});

describe("bandAgreement", () => {
  // A page of paper noise; a patch of it copied elsewhere agrees with its source in both bands,
  // the same patch of fresh noise does not.
  const noisePage = (seed: number) => {
    const rand = rng(seed);
    const data = new Uint8Array(200 * 200);
    for (let i = 0; i < data.length; i++) data[i] = Math.round(230 + 6 * (rand() + rand() + rand() - 1.5));
    return { data, width: 200, height: 200 };
  };
  const box = { x0: 20, y0: 20, x1: 80, y1: 80 };

  it("sees copied noise and not independent noise", () => {
    const page = noisePage(1);
    const fresh = noisePage(2);
    const cloned = { ...page, data: page.data.slice() };
    for (let y = 20; y < 80; y++) {
      for (let x = 20; x < 80; x++) {
        cloned.data[(y + 90) * 200 + x + 95] = page.data[y * 200 + x];
        fresh.data[y * 200 + x] = page.data[y * 200 + x];
      }
    }
    const copied = bandAgreement(cloned, box, [95, 90], 40);
    expect(copied.pixels).toBeGreaterThan(2000);
    expect(copied.fine).toBeGreaterThan(0.9);
    expect(copied.coarse).toBeGreaterThan(0.9);
    const independent = bandAgreement(fresh, box, [95, 90], 40);
    expect(Math.abs(independent.fine)).toBeLessThan(0.1);
    expect(Math.abs(independent.coarse)).toBeLessThan(0.2);
  });
});

describe("bandAgreement trimmed to the copy", () => {
  // A word-sized patch of paper noise cloned with 2 pixels around it, measured over a box that
  // reaches 12 pixels past it on every side (a candidate's blocks, in steps of a reduced block):
  // the paper outside the patch is two independent noises. The twin measures the same box where
  // nothing was copied.
  const W = 300;
  const page = (seed: number) => {
    const rand = rng(seed);
    return Uint8Array.from({ length: W * W }, () => Math.round(230 + 6 * (rand() + rand() + rand() - 1.5)));
  };
  const patch = { x0: 40, y0: 40, x1: 130, y1: 72 };
  const shift: [number, number] = [120, 150];
  const box = { x0: patch.x0 - 12, y0: patch.y0 - 12, x1: patch.x1 + 12, y1: patch.y1 + 12 };

  it("measures the copied patch, not the paper the blocks reach past it", () => {
    const data = page(1);
    for (let y = patch.y0; y < patch.y1; y++) {
      for (let x = patch.x0; x < patch.x1; x++) data[(y + shift[1]) * W + x + shift[0]] = data[y * W + x];
    }
    const g = { data, width: W, height: W };
    const whole = bandAgreement(g, box, shift, 40);
    const trimmed = bandAgreement(g, box, shift, 40, { trim: true });
    expect(whole.coarse).toBeLessThan(0.55);
    expect(trimmed.coarse).toBeGreaterThan(0.7);
    expect(trimmed.pixels).toBeGreaterThanOrEqual((patch.x1 - patch.x0 - 8) * (patch.y1 - patch.y0 - 8));
  });

  it("leaves independent noise disagreeing", () => {
    for (const seed of [2, 3, 4, 5]) {
      const trimmed = bandAgreement({ data: page(seed), width: W, height: W }, box, shift, 40, { trim: true });
      expect(Math.abs(trimmed.coarse)).toBeLessThan(0.2);
      expect(bandCopied(trimmed)).toBe(false);
    }
  });
});

describe("copyMoveScale", () => {
  it("brings a page to about 150 dpi, and a small page only as far as an A4 page's pixels there", () => {
    expect(copyMoveScale(150, 1240, 1754)).toBe(1);
    expect(copyMoveScale(300, 2480, 3508)).toBe(2);
    expect(copyMoveScale(600, 4960, 7016)).toBe(4);
    // An identity card scanned at 300 and 600 dpi.
    expect(copyMoveScale(300, 1011, 638)).toBe(2);
    expect(copyMoveScale(600, 2216, 1508)).toBe(2);
    expect(copyMoveScale(600, 3142, 2266)).toBe(2);
  });
});

describe("bandCopied", () => {
  // A phone's JPEG rewrites a clone's finest noise in either copy and keeps its coarser noise: a
  // page whose paper noise is a coarse field (5×5 means of white noise) plus fine noise, and a
  // patch copied elsewhere with its coarse noise and fresh fine noise. The twin pastes the same
  // patch from another page's coarse noise.
  const W = 240;
  const gauss = (rand: () => number) => rand() + rand() + rand() - 1.5;
  const coarseField = (seed: number) => {
    const rand = rng(seed);
    const white = Float64Array.from({ length: W * W }, () => gauss(rand));
    const out = new Float64Array(W * W);
    for (let y = 2; y < W - 2; y++) {
      for (let x = 2; x < W - 2; x++) {
        let sum = 0;
        for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) sum += white[(y + dy) * W + x + dx];
        out[y * W + x] = sum / 5;
      }
    }
    return out;
  };
  const paper = (coarse: Float64Array, i: number, fine: () => number) => Math.round(220 + 3 * coarse[i] + 4 * fine());
  const pasted = (from: Float64Array) => {
    const own = coarseField(1);
    const rand = rng(7);
    const data = Uint8Array.from({ length: W * W }, (_, i) => paper(own, i, () => gauss(rand)));
    for (let y = 30; y < 110; y++) {
      for (let x = 20; x < 110; x++) data[(y + 100) * W + x + 120] = paper(from, y * W + x, () => gauss(rand));
    }
    return { data, width: W, height: W };
  };
  const box = { x0: 20, y0: 30, x1: 110, y1: 110 };

  it("takes the coarse band alone over a word's paper, where the fine band no longer agrees", () => {
    const clone = bandAgreement(pasted(coarseField(1)), box, [120, 100], 40);
    expect(clone.fine).toBeLessThan(0.12);
    expect(clone.coarse).toBeGreaterThan(0.4);
    expect(bandCopied(clone)).toBe(true);
    const twin = bandAgreement(pasted(coarseField(3)), box, [120, 100], 40);
    expect(Math.abs(twin.coarse)).toBeLessThan(0.2);
    expect(bandCopied(twin)).toBe(false);
  });

  it("reads the paper between strokes 10 pixels apart, as in a word of a dense line", () => {
    // Dark one-pixel strokes every 10 pixels over the copied patch and its twin: what is left of
    // the paper lies 3 pixels from the nearest stroke edge, and the copies' bands still tell.
    const striped = (from: Float64Array) => {
      const g = pasted(from);
      for (let y = 20; y < 230; y++) {
        for (let x = 15; x < 235; x += 10) g.data[y * W + x] = 40;
      }
      return g;
    };
    const clone = bandAgreement(striped(coarseField(1)), box, [120, 100], 40);
    expect(clone.pixels).toBeGreaterThan(400);
    expect(clone.coarse).toBeGreaterThan(0.4);
    const twin = bandAgreement(striped(coarseField(3)), box, [120, 100], 40);
    expect(twin.pixels).toBe(clone.pixels);
    expect(Math.abs(twin.coarse)).toBeLessThan(0.2);
    expect(bandCopied(twin)).toBe(false);
  });

  it("does not take a coarse band alone over little paper, where two prints can agree by chance", () => {
    // Two prints' coarse bands agreed this well by chance over a hundred or a few hundred pixels
    // on genuine photos (0.45 over 118, 0.37 over 281); over a whole word's paper they did not.
    expect(bandCopied({ pixels: 280, fine: 0.1, coarse: 0.45, sigmaA: 1.9, sigmaB: 1.9 })).toBe(false);
    expect(bandCopied({ pixels: 1300, fine: 0.1, coarse: 0.45, sigmaA: 1.9, sigmaB: 1.9 })).toBe(true);
  });
});
