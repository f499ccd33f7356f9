import { beforeAll, describe, expect, it } from "vitest";
import { analyseGrid } from "./grid";
import {
  applyLook,
  asBox,
  decode,
  decodeGrey,
  encodeJpeg,
  overlaps,
  paste,
  renderDocument,
  shift,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

async function gridOf(bytes: Uint8Array) {
  return analyseGrid(await decodeGrey(bytes), { step: 1 });
}

const box = { x: 600, y: 800, width: 320, height: 200 };

describe.each(["scan", "phone"] as const)("JPEG grid alignment on a %s", (look) => {
  let page: Rgb;
  let saved: Rgb;
  beforeAll(async () => {
    page = await applyLook(renderDocument(1), look, 2);
    saved = await decode(await encodeJpeg(page, 60));
  }, 120_000);

  it("finds the page grid at the origin and nothing else on the clean twin", async () => {
    const result = await gridOf(await encodeJpeg(saved, 95));
    expect(result.pagePhase).toEqual([7, 7]);
    expect(result.regions).toEqual([]);
  });

  it("flags a region cut from another JPEG and pasted off the grid", async () => {
    // The patch comes from a copy of the page compressed 3 px right and 5 px down of this grid.
    const offGrid = shift(await decode(await encodeJpeg(shift(page, 3, 5), 60)), -3, -5);
    const result = await gridOf(await encodeJpeg(paste(saved, offGrid, box), 95));
    const hit = result.regions.find((r) => overlaps(asBox(r), box));
    expect(hit).toBeDefined();
    expect(hit!.phase).toEqual([4, 2]);
  });
});
