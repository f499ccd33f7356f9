import { describe, expect, it } from "vitest";
import type { Region } from "../../types";
import { noiseFindings } from "./findings";
import type { NoiseResult } from "./noise";

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
