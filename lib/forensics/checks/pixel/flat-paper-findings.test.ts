import { describe, expect, it } from "vitest";
import { verdictOfFindings } from "@/tests/forensics-support/fused-verdict";
import type { Region } from "../../types";
import { flatPaperFindings } from "./findings";
import type { PaperPatchResult } from "./paper-patch";

const toRegion = (x0: number, y0: number, x1: number, y1: number): Region => ({
  x: x0 / 2480,
  y: y0 / 3508,
  width: (x1 - x0) / 2480,
  height: (y1 - y0) / 3508,
});

const scan = (cells: number, ringNoisy: number): PaperPatchResult => ({
  pageFlatShare: 0.01,
  cellsJudged: 90_000,
  threshold: { minCells: 10, maxPageShare: 0.03, minRingNoisy: 0.75, maxPageFlat: 0.2 },
  regions: [{ x0: 640, y0: 520, x1: 960, y1: 570, cells, flatShare: 0.9, ringNoisy, tone: 255, ringTone: 241 }],
});

const verdictOf = (result: PaperPatchResult) =>
  verdictOfFindings(flatPaperFindings(1, result, toRegion, "jpeg"), "diploma");

describe("flat paper findings", () => {
  it("a word-sized patch with no noise, enclosed by noisy paper, is strong evidence alone (SUSPECT)", () => {
    const [patch] = flatPaperFindings(1, scan(40, 0.95), toRegion, "jpeg");
    expect(patch).toMatchObject({ check: "pixel.flat_paper", severity: "high" });
    expect(verdictOf(scan(40, 0.95))).toBe("SUSPECT");
  });

  it("a small patch, or one whose surroundings are only partly noisy, stays medium and flags nothing alone", () => {
    expect(flatPaperFindings(1, scan(11, 0.95), toRegion, "jpeg")[0]?.severity).toBe("medium");
    expect(flatPaperFindings(1, scan(40, 0.8), toRegion, "jpeg")[0]?.severity).toBe("medium");
    expect(verdictOf(scan(11, 0.95))).toBe("VERIFIED");
  });

  it("is only noted on a codec that flattens areas on its own", () => {
    expect(flatPaperFindings(1, scan(40, 0.95), toRegion, "block-transform")[0]?.severity).toBe("info");
  });
});
