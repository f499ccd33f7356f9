import { beforeAll, describe, expect, it } from "vitest";
import { analyseNoise } from "./noise";
import { analysePaperPatches } from "./paper-patch";
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
  retype,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

async function patchesOf(bytes: Uint8Array) {
  const g = await decodeGrey(bytes);
  return analysePaperPatches(g, analyseNoise(g, { rowStep: 3 }).pageSigma);
}

const field = { x: 870, y: 700, width: 220, height: 40 };

describe.each(["phone", "scan"] as const)("flat paper on a %s", (look) => {
  let clean: Rgb;
  let captured: Rgb;
  beforeAll(async () => {
    clean = renderDocument(1);
    captured = await decode(await encodeJpeg(await applyLook(clean, look, 2), 90));
  }, 120_000);

  it("raises nothing on the genuine page", async () => {
    const result = await patchesOf(await encodeJpeg(captured, 90));
    expect(result.pageFlatShare).not.toBeNull();
    expect(result.regions).toEqual([]);
  });

  it("finds a value pasted from a clean render (white paper, clipped at 255)", async () => {
    const result = await patchesOf(await encodeJpeg(paste(captured, clean, field), 90));
    const hit = result.regions.find((r) => overlaps(asBox(r), field));
    expect(hit).toBeDefined();
    expect(hit!.ringNoisy).toBeGreaterThanOrEqual(result.threshold.minRingNoisy);
  });

  it("finds a field painted over and retyped", async () => {
    const result = await patchesOf(await encodeJpeg(retype(captured, field, "9,999.00"), 90));
    expect(result.regions.some((r) => overlaps(asBox(r), field))).toBe(true);
  });
});

describe("flat paper on a clean render", () => {
  it("asks nothing of a page without noise (a render's paper is flat everywhere)", async () => {
    const page = renderDocument(3);
    const result = await patchesOf(await encodePng(retype(page, field, "9,999.00")));
    expect(result.pageFlatShare).toBeNull();
    expect(result.regions).toEqual([]);
  });
});
