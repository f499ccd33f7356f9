import { describe, expect, it } from "vitest";
import { verdictOfFindings } from "@/tests/forensics-support/fused-verdict";
import { regionsOverlap } from "../../region";
import type { Region } from "../../types";
import type { CopyMoveResult } from "./copy-move";
import { copyMoveFindings, type InField } from "./findings";

const toRegion = (x0: number, y0: number, x1: number, y1: number): Region => ({
  x: x0 / 2480,
  y: y0 / 3508,
  width: (x1 - x0) / 2480,
  height: (y1 - y0) / 3508,
});

// A word cloned over the holder's name on a phone photo saved at quality 92: the clone verified
// (its noise copied), but the save left few pixels agreeing (45, as measured on such a photo).
const photo = (clone: { x0: number; y0: number; x1: number; y1: number }): CopyMoveResult => ({
  workScale: 2,
  candidates: 160,
  verified: 1,
  threshold: { minSupport: 12, minMatchedNoisePixels: 40, minNoiseCorrelation: 0.25, minNoiseSigma: 0.7 },
  regions: [
    {
      a: { x0: 370, y0: 1150, x1: 560, y1: 1200 },
      b: clone,
      shift: [clone.x0 - 370, clone.y0 - 1150],
      supportingBlocks: 14,
      identicalShare: 0.06,
      noiseCorrelation: 0.454,
      matchedNoisePixels: 45,
      noiseSigma: 2.0,
      meanAbsDifference: 3.1,
      noisePixels: 760,
    },
  ],
});

/** The holder's name, as field-regions.ts finds it among the words read on the page. */
const name = toRegion(1280, 370, 1700, 420);
const inField: InField = (r) => regionsOverlap(r, name);
const overName = { x0: 1290, y0: 372, x1: 1480, y1: 418 };
const overCaption = { x0: 300, y0: 2600, x1: 490, y1: 2650 };

const verdictOf = (findings: ReturnType<typeof copyMoveFindings>) => verdictOfFindings(findings);

describe("copy-move findings", () => {
  it("a verified clone over the holder's data is high, and flags the document alone (SUSPECT)", () => {
    const found = copyMoveFindings(1, photo(overName), toRegion, "jpeg", inField);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ check: "pixel.copy_move", severity: "high" });
    expect(found[0]?.evidence?.covers_field).toBe(true);
    expect(verdictOf(found)).toBe("SUSPECT");
  });

  it("the same clone over the pre-printed form, or on a page whose text is unknown, keeps the weight of its agreeing noise", () => {
    for (const found of [
      copyMoveFindings(1, photo(overCaption), toRegion, "jpeg", inField),
      copyMoveFindings(1, photo(overName), toRegion, "jpeg", null),
    ]) {
      expect(found[0]).toMatchObject({ check: "pixel.copy_move", severity: "medium" });
      expect(verdictOf(found)).toBe("VERIFIED");
    }
  });

  it("under a codec that smooths whole blocks, so few agreeing pixels are only noted, even over the holder's data", () => {
    const found = copyMoveFindings(1, photo(overName), toRegion, "block-transform", inField);
    expect(found[0]?.severity).toBe("info");
  });
});

describe("copy-move findings of a clone found by the bands", () => {
  // A scanner's JPEG left no pixel agreeing (pixel for pixel), the bands the save keeps still agree.
  const banded = (clone: { x0: number; y0: number; x1: number; y1: number }): CopyMoveResult => {
    const result = photo(clone);
    result.regions[0] = {
      ...result.regions[0],
      matchedNoisePixels: 2,
      noiseCorrelation: 0.06,
      band: { pixels: 600, fine: 0.3, coarse: 0.6, sigmaA: 1.4, sigmaB: 1.5 },
    };
    return result;
  };

  it("says what agreed and weighs it like a clone's copied noise: high over the holder's data", () => {
    const found = copyMoveFindings(1, banded(overName), toRegion, "jpeg", inField);
    expect(found[0]).toMatchObject({ check: "pixel.copy_move", severity: "high" });
    expect(found[0]?.message).toMatch(/JPEG save keeps agrees over 600 background pixels, correlation 0.6/);
    expect(found[0]?.score).toBeCloseTo(0.77, 2);
    expect(verdictOf(found)).toBe("SUSPECT");
  });

  it("over the pre-printed form, medium, as a clone found pixel for pixel", () => {
    const found = copyMoveFindings(1, banded(overCaption), toRegion, "jpeg", inField);
    expect(found[0]).toMatchObject({ check: "pixel.copy_move", severity: "medium" });
  });
});

describe("copy-move findings of a clone seen by both tests", () => {
  // A phone's JPEG left 49 pixels agreeing one for one over a cloned word, whose coarser noise
  // agrees over 1281 pixels of its paper (as measured on such a photo): the stronger measurement weighs.
  const both = (band: { pixels: number; fine: number; coarse: number; sigmaA: number; sigmaB: number } | null) => {
    const result = photo(overCaption);
    result.regions[0] = { ...result.regions[0], matchedNoisePixels: 49, noiseCorrelation: 0.24, band };
    return result;
  };

  it("weighs the clone by its agreeing bands, high even off the holder's data", () => {
    const found = copyMoveFindings(
      1,
      both({ pixels: 1281, fine: 0.37, coarse: 0.8, sigmaA: 1.67, sigmaB: 1.67 }),
      toRegion,
      "jpeg",
      inField,
    );
    expect(found[0]).toMatchObject({ check: "pixel.copy_move", severity: "high" });
    expect(found[0]?.score).toBeCloseTo(0.91, 2);
    expect(found[0]?.message).toMatch(/agrees over 1281 background pixels/);
    expect(verdictOf(found)).toBe("SUSPECT");
  });

  it("without agreeing bands, the twin keeps the weight of its few agreeing pixels", () => {
    for (const band of [null, { pixels: 1281, fine: 0.02, coarse: 0.1, sigmaA: 1.67, sigmaB: 1.67 }]) {
      const found = copyMoveFindings(1, both(band), toRegion, "jpeg", inField);
      expect(found[0]).toMatchObject({ check: "pixel.copy_move", severity: "medium" });
      expect(found[0]?.score).toBeCloseTo(0.63, 2);
      expect(verdictOf(found)).toBe("VERIFIED");
    }
  });
});

describe("copy-move findings from the copies' JPEG blocks (requantised-copy.ts)", () => {
  // A short word cloned over the holder's name on a phone photo: neither pixels nor bands agreed
  // enough, but 24 of the copy's 75 blocks came back from the source rounded on their grid.
  const requantised = (clone: { x0: number; y0: number; x1: number; y1: number }): CopyMoveResult => {
    const base = photo(clone);
    const [region] = base.regions;
    return {
      ...base,
      regions: [
        {
          ...region!,
          identicalShare: 0,
          noiseCorrelation: 0,
          matchedNoisePixels: 0,
          requantised: { blocks: 75, judged: 60, agreeing: 24 },
        },
      ],
    };
  };

  it("says what agreed, high over the holder's data", () => {
    const [found] = copyMoveFindings(1, requantised(overName), toRegion, "jpeg", inField);
    expect(found).toMatchObject({ check: "pixel.copy_move", severity: "high" });
    expect(found?.message).toMatch(/24 of the copy's 75 8×8 blocks/);
    expect(found?.evidence?.requantised_blocks).toEqual({ blocks: 75, judged: 60, agreeing: 24 });
  });

  it("high over the pre-printed form too (the copy may hide the data it covers), and flags the document alone", () => {
    const found = copyMoveFindings(1, requantised(overCaption), toRegion, "jpeg", inField);
    expect(found[0]).toMatchObject({ check: "pixel.copy_move", severity: "high" });
    expect(verdictOf(found)).toBe("SUSPECT");
  });
});
