import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { regionsOverlap } from "../../region";
import type { Region } from "../../types";
import { fieldRegions } from "./field-regions";
import { ghostFindings } from "./findings";
import type { GhostResult } from "./ghost";

const word = (text: string, x: number, y: number): TextItem => ({
  text,
  x,
  y,
  width: 0.1,
  height: 0.03,
  source: "ocr",
  confidence: 90,
});

// An identity card: the issuer's heading on a colour band, captions, and the holder's data.
const words = [
  word("RÉPUBLIQUE", 0.1, 0.05),
  word("FRANÇAISE", 0.55, 0.05),
  word("Nom:", 0.35, 0.2),
  word("BERTHIER", 0.45, 0.2),
  word("Sexe:", 0.35, 0.4),
  word("F", 0.45, 0.4),
  word("06.12.1965", 0.6, 0.4),
];
const fields = { holder_name: "Corinne Berthier", sex: "F" };

/** A page that still fits an earlier save at quality 35, with one region off it, 4 × 16-pixel cells. */
const ghost = (x0: number, y0: number): GhostResult => ({
  foreign: [],
  fileQuality: 90,
  primaryQuality: 35,
  pageLatticeRatio: 0.27,
  cellsAnalysed: 1500,
  threshold: { minRatio: 0.55, minZ: 4, minCells: 3 },
  regions: [
    {
      x0,
      y0,
      x1: x0 + 32,
      y1: y0 + 32,
      cells: 4,
      latticeRatio: 1.56,
      classBaseline: 0.33,
      zScore: 7.9,
      regionBestQuality: null,
      regionBestRatio: 0.66,
    },
  ],
});
// A 1000 × 1000 page: pixels are thousandths of the page.
const toRegion = (x0: number, y0: number, x1: number, y1: number): Region => ({
  x: x0 / 1000,
  y: y0 / 1000,
  width: (x1 - x0) / 1000,
  height: (y1 - y0) / 1000,
});

describe("field regions", () => {
  it("are the words holding a field's value or a number, not the form's heading and captions", () => {
    const regions = fieldRegions({ fields }, words)!;
    const read = words.filter((w) => regions.some((r) => r.x === w.x && r.y === w.y)).map((w) => w.text);
    expect(read).toEqual(["BERTHIER", "06.12.1965"]);
  });

  it("take in whatever stands where a name begins, though it reads as no name", () => {
    // A name retyped in another face, its first word read "[van" and its last run into the next.
    const sentence = "We hereby certify that [van Garciadate of birth".split(" ");
    const line = sentence.map((text, i) => ({ ...word(text, 0.05 + i * 0.11, 0.3), width: 0.1 }));
    const regions = fieldRegions({ fields: {} }, line)!;
    const read = line.filter((w) => regions.some((r) => r.x === w.x)).map((w) => w.text);
    expect(read).toEqual(["[van", "Garciadate"]);
    // Its twin as printed: the name's words, and nothing of the sentence around them.
    const printed = "We hereby certify that Ivan Garcia, date of birth".split(" ");
    const twin = printed.map((text, i) => ({ ...word(text, 0.05 + i * 0.11, 0.3), width: 0.1 }));
    const own = fieldRegions({ fields: {} }, twin)!;
    expect(twin.filter((w) => own.some((r) => r.x === w.x)).map((w) => w.text)).toEqual(["Ivan", "Garcia,"]);
    // A word of the sentence in lower case standing there is no name ("potvrđuje da je Ivan Horvat").
    const croatian = "Sveučilište potvrduje da je Ivan Horvat".split(" ");
    const hr = croatian.map((text, i) => ({ ...word(text, 0.05 + i * 0.11, 0.3), width: 0.1 }));
    const inHr = fieldRegions({ fields: {} }, hr)!;
    expect(hr.filter((w) => inHr.some((r) => r.x === w.x)).map((w) => w.text)).not.toContain("je");
  });

  it("are unknown on a page where nothing was read", () => {
    expect(fieldRegions({ fields }, [])).toBeNull();
  });

  it("weigh a compression anomaly over the holder's data in full and one over the form alone as medium", () => {
    const regions = fieldRegions({ fields }, words)!;
    const inField = (r: Region) => regions.some((f) => regionsOverlap(r, f));
    // Over the holder's surname.
    const [onName] = ghostFindings(1, ghost(460, 205), toRegion, "jpeg", "capture", inField);
    expect(onName).toMatchObject({ severity: "high", evidence: { covers_field: true } });
    // The same anomaly in the heading's colour band.
    const [onHeading] = ghostFindings(1, ghost(560, 55), toRegion, "jpeg", "capture", inField);
    expect(onHeading).toMatchObject({ severity: "medium", evidence: { covers_field: false } });
    expect(onHeading!.message).toMatch(/pre-printed form/);
    // Without text to tell them apart, the region keeps its full weight.
    const [unknown] = ghostFindings(1, ghost(560, 55), toRegion, "jpeg", "capture", null);
    expect(unknown).toMatchObject({ severity: "high", evidence: { covers_field: null } });
  });
});
