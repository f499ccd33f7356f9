import { beforeAll, describe, expect, it } from "vitest";
import { analyseGhost } from "./ghost";
import { readLumaTable } from "./jpeg-tables";
import {
  applyLook,
  asBox,
  decode,
  decodeGrey,
  encodeJpeg,
  overlaps,
  paste,
  renderDocument,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

async function ghostOf(bytes: Uint8Array) {
  return analyseGhost(await decodeGrey(bytes), readLumaTable(bytes), { sampleStep: 4, everyCell: true });
}

const box = { x: 700, y: 900, width: 300, height: 120 };

describe.each(["scan", "phone"] as const)("JPEG ghost on a %s", (look) => {
  let page: Rgb;
  let camera: Rgb;
  beforeAll(async () => {
    page = await applyLook(renderDocument(1), look, 2);
    camera = await decode(await encodeJpeg(page, 75));
  }, 120_000);

  it("finds the earlier save of a re-saved page and flags nothing on the clean twin", async () => {
    const result = await ghostOf(await encodeJpeg(camera, 92));
    expect(result.fileQuality).toBe(92);
    expect(result.primaryQuality).toBe(75);
    expect(result.pageLatticeRatio).toBeLessThan(0.3);
    expect(result.regions).toEqual([]);
  });

  it("flags a patch spliced from a JPEG of another quality, and names that quality", async () => {
    const donor = await decode(await encodeJpeg(await applyLook(renderDocument(7), look, 9), 40));
    const result = await ghostOf(await encodeJpeg(paste(camera, donor, box), 92));
    expect(result.regions.length).toBeGreaterThan(0);
    const [region] = result.regions;
    expect(overlaps(asBox(region), box)).toBe(true);
    expect(region.latticeRatio).toBeGreaterThan(0.55);
    expect(region.regionBestQuality).toBe(40);
  });

  it("flags a region pasted from a never-compressed source off the 8×8 grid", async () => {
    const target = { x: 705, y: 1003, width: 300, height: 120 };
    const result = await ghostOf(await encodeJpeg(paste(camera, page, { ...target, x: 703, y: 901 }, 705, 1003), 92));
    expect(result.regions.some((r) => overlaps(asBox(r), target))).toBe(true);
  });

  it("has nothing to compare on a page saved once", async () => {
    const result = await ghostOf(await encodeJpeg(page, 75));
    expect(result.primaryQuality).toBeNull();
    expect(result.regions).toEqual([]);
  });
});
