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
