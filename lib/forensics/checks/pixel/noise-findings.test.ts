import { describe, expect, it } from "vitest";
import type { Region } from "../../types";
import { noiseFindings } from "./findings";
import { analyseNoise, type NoiseResult } from "./noise";
import {
  applyLook,
  decodeGrey,
  encodePng,
  renderDocument,
  retype,
  rng,
  type Rgb,
} from "@/tests/forensics-support/pixel-fixtures";

const toRegion = (x0: number, y0: number, x1: number, y1: number): Region => ({
  x: x0 / 2000,
  y: y0 / 3000,
  width: (x1 - x0) / 2000,
  height: (y1 - y0) / 3000,
});

/** A scan saved at JPEG quality 75 (page noise thinned to 0.65) with one cleaner patch of 8 tiles. */
const scan = (sigma: number): NoiseResult => ({
  pageSigma: 0.64,
  tilesAnalysed: 8000,
  threshold: { ratio: 2.5, minZ: 4, minTiles: 3, minPageSigma: 0.6 },
  regions: [{ x0: 540, y0: 440, x1: 670, y1: 520, tiles: 8, kind: "too_clean", sigma, baseline: 0.65, zScore: -11 }],
});

describe("noise findings on a scan whose JPEG thinned its noise", () => {
  it("take a field-sized patch with no noise left at all for paper painted over", () => {
    const [painted] = noiseFindings(1, scan(0.08), toRegion, "jpeg");
    expect(painted).toMatchObject({ check: "pixel.noise_inconsistency", severity: "high" });
  });

  it("keep a patch that is only quieter than its peers at medium", () => {
    const [quieter] = noiseFindings(1, scan(0.2), toRegion, "jpeg");
    expect(quieter?.severity).toBe("medium");
  });
});

/**
 * A page as a layout program draws an identity page: tinted paper, a flat band (where an MRZ sits)
 * and a holder photo placed as an image, larger than the band and of its brightness, its grain the
 * camera's.
 */
function placedPhotoPage(): Rgb {
  const page = renderDocument(5);
  const rand = rng(11);
  const rgb = Uint8Array.from(page.rgb, (v) => Math.round((v * 236) / 255));
  const fill = (x0: number, y0: number, x1: number, y1: number, value: () => number) => {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) rgb.fill(value(), (y * page.width + x) * 3, (y * page.width + x) * 3 + 3);
    }
  };
  fill(0, 1560, page.width, 1700, () => 200);
  fill(640, 40, 1200, 820, () => Math.max(0, Math.min(255, Math.round(200 + 6 * (rand() + rand() + rand() - 1.5)))));
  return { rgb, width: page.width, height: page.height };
}

describe("noise findings on a render with a photo placed on it", () => {
  it("only note the render's flat fill against the photo's grain", async () => {
    const result = analyseNoise(await decodeGrey(await encodePng(placedPhotoPage())), { rowStep: 1 });
    const fills = noiseFindings(1, result, toRegion, "lossless").filter((f) => f.evidence?.kind === "too_clean");
    expect(result.pageSigma).toBeLessThan(0.25);
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.map((f) => f.severity)).toEqual(fills.map(() => "info"));
  });

  it("still take the same band painted flat on a scan of that page for paper painted over", async () => {
    const scanned = await applyLook(placedPhotoPage(), "scan", 3);
    const painted = retype(scanned, { x: 100, y: 1580, width: 700, height: 100 }, "");
    const result = analyseNoise(await decodeGrey(await encodePng(painted)), { rowStep: 1 });
    const found = noiseFindings(1, result, toRegion, "lossless").filter((f) => f.evidence?.kind === "too_clean");
    expect(result.pageSigma).toBeGreaterThan(0.6);
    expect(found[0]?.severity).toBe("high");
  });
});
