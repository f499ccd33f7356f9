import { beforeAll, describe, expect, it } from "vitest";
import { analyseNoise } from "./noise";
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

async function noiseOf(bytes: Uint8Array) {
  return analyseNoise(await decodeGrey(bytes), { rowStep: 1 });
}

const field = { x: 870, y: 700, width: 200, height: 36 };

describe.each(["phone", "scan"] as const)("noise consistency on a %s", (look) => {
  let photo: Rgb;
  beforeAll(async () => {
    photo = await decode(await encodeJpeg(await applyLook(renderDocument(1), look, 2), 90));
  }, 120_000);

  it("raises nothing on the genuine page", async () => {
    const result = await noiseOf(await encodeJpeg(photo, 90));
    expect(result.pageSigma).toBeGreaterThan(1);
    expect(result.regions).toEqual([]);
  });

  it("flags a field painted over and retyped clean", async () => {
    const result = await noiseOf(await encodeJpeg(retype(photo, field, "9,999.00"), 90));
    const hit = result.regions.find((r) => overlaps(asBox(r), field));
    expect(hit?.kind).toBe("too_clean");
    expect(hit!.sigma * result.threshold.ratio).toBeLessThanOrEqual(hit!.baseline);
  });
});

describe("noise consistency on a clean render", () => {
  it("does not call a noiseless page's regions too clean", async () => {
    const clean = renderDocument(3);
    const result = await noiseOf(await encodePng(retype(clean, field, "9,999.00")));
    expect(result.regions.filter((r) => r.kind === "too_clean")).toEqual([]);
  });
});
