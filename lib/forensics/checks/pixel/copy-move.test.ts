import { beforeAll, describe, expect, it } from "vitest";
import { analyseCopyMove } from "./copy-move";
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

describe("copy-move on a clean render", () => {
  it("does not judge a page without noise, where a clone and a repeated glyph look alike", async () => {
    const clean = renderDocument(1);
    const result = await copyMoveOf(await encodePng(paste(clean, clean, source, target.x, target.y)));
    expect(result.skipped).toMatch(/noise/);
    expect(result.regions).toEqual([]);
  });
});
