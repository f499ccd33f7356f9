import { beforeAll, describe, expect, it } from "vitest";
import { ghostFindings } from "./findings";
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

async function ghostOf(bytes: Uint8Array, everyCell: boolean) {
  return analyseGhost(await decodeGrey(bytes), readLumaTable(bytes), { sampleStep: 4, everyCell });
}

const toRegion = (x0: number, y0: number, x1: number, y1: number) => ({
  x: x0 / 1240,
  y: y0 / 1754,
  width: (x1 - x0) / 1240,
  height: (y1 - y0) / 1754,
});

// Lines of print taken from another scan that had been saved at quality 55, pasted on the 8×8 grid
// of a scan saved once (at 92, finer than the last save: no lattice of its own shows), and the
// whole image saved at quality 90 (the forger's last save). The scan's paper noise puts every cell
// of paper just past the finest steps, so only comparing print with print shows the patch.
/** Cream paper, as diplomas and certificates are printed on. */
const toned = (page: Rgb): Rgb => ({ ...page, rgb: Uint8Array.from(page.rgb, (v) => Math.round(16 + v * 0.92)) });

const box = { x: 112, y: 208, width: 640, height: 176 };

describe("a field from a coarser JPEG on a scan saved once", () => {
  let page: Rgb;
  let donor: Rgb;
  beforeAll(async () => {
    page = await decode(await encodeJpeg(await applyLook(toned(renderDocument(1)), "scan", 2), 92));
    donor = await decode(await encodeJpeg(await applyLook(toned(renderDocument(7)), "scan", 8), 55));
  }, 120_000);

  it.each([true, false])("is found on its own lattice, as one strong finding (every cell: %s)", async (everyCell) => {
    const result = await ghostOf(await encodeJpeg(paste(page, donor, box), 90), everyCell);
    expect(result.primaryQuality).toBeNull();
    expect(result.foreign.length).toBeGreaterThan(0);
    expect(result.foreign.every((r) => overlaps(asBox(r), box) && r.quality === 55)).toBe(true);
    // Its print sits far below the page's print on that lattice, over many cells: strong evidence.
    const [finding] = ghostFindings(1, result, toRegion, "jpeg");
    expect(finding.severity).toBe("high");
  });

  it.each([true, false])("flags nothing on the clean twin saved the same way (every cell: %s)", async (everyCell) => {
    const result = await ghostOf(await encodeJpeg(page, 90), everyCell);
    expect(result.foreign).toEqual([]);
    expect(result.regions).toEqual([]);
  });
});
