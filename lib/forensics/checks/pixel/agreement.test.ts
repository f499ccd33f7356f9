import { describe, expect, it } from "vitest";
import { verdictOfFindings } from "@/tests/forensics-support/fused-verdict";
import type { Finding, Region } from "../../types";
import { agreementFindings } from "./agreement";

const name: Region = { x: 0.3, y: 0.2, width: 0.2, height: 0.02 };
const paperAroundName: Region = { x: 0.29, y: 0.195, width: 0.1, height: 0.03 };
const elsewhere: Region = { x: 0.6, y: 0.7, width: 0.1, height: 0.02 };

const finding = (check: string, severity: Finding["severity"], score: number, region: Region): Finding => ({
  check,
  severity,
  score,
  message: "",
  page: 1,
  region,
});

const onName = (r: Region) =>
  r.x < name.x + name.width && name.x < r.x + r.width && r.y < name.y + name.height && name.y < r.y + r.height;

const verdictOf = (findings: Finding[]) => verdictOfFindings(findings);

describe("pixel findings of different measurements at one place", () => {
  const typeOff = finding("pixel.typography", "medium", 0.7, name);
  const tooClean = finding("pixel.noise_inconsistency", "medium", 0.72, paperAroundName);

  it("two medium findings of unrelated measurements on the holder's name agree into one high finding (SUSPECT)", () => {
    const found = [typeOff, tooClean];
    const [agreement] = agreementFindings(1, found, onName);
    expect(agreement).toMatchObject({ check: "pixel.agreement", severity: "high", page: 1 });
    expect(agreement?.evidence?.measurements).toEqual(["capture noise", "type geometry"]);
    // The region covers both.
    expect(agreement?.region?.x).toBeCloseTo(0.29);
    expect(agreement?.region?.width).toBeCloseTo(0.21);
    expect(verdictOf(found)).toBe("VERIFIED");
    expect(verdictOf([...found, ...agreementFindings(1, found, onName)])).toBe("SUSPECT");
  });

  it("a resized value that also stands off its line shows two signs; spread edges alone are a hint (VERIFIED)", () => {
    const spread = finding("pixel.resampled_type", "medium", 0.95, name);
    const found = [spread, typeOff];
    const [agreement] = agreementFindings(1, found, onName);
    expect(agreement?.evidence?.measurements).toEqual(["edge sharpness", "type geometry"]);
    expect(agreement?.severity).toBe("high");
    expect(verdictOf([spread])).toBe("VERIFIED");
    expect(verdictOf([...found, agreement as Finding])).toBe("SUSPECT");
  });

  it("a spliced name whose edges spread and whose stems were resized shows two signs; resized stems alone are a hint", () => {
    const spread = finding("pixel.resampled_type", "medium", 0.95, name);
    const stems = finding("pixel.stem_scale", "medium", 0.55, name);
    const found = [spread, stems];
    const [agreement] = agreementFindings(1, found, onName);
    expect(agreement?.evidence?.measurements).toEqual(["edge sharpness", "stroke weight"]);
    expect(agreement?.severity).toBe("high");
    expect(verdictOf([stems])).toBe("VERIFIED");
    expect(verdictOf([...found, agreement as Finding])).toBe("SUSPECT");
  });

  it("resized stems and a face apart from the line are one measurement of stroke widths, not two", () => {
    const stems = finding("pixel.stem_scale", "medium", 0.9, name);
    const face = finding("pixel.letterform", "medium", 0.8, name);
    expect(agreementFindings(1, [stems, face], onName)).toEqual([]);
  });

  it("a word whose weight changes and whose glyphs also stand off their line shows two signs; weight alone is a hint", () => {
    const weight = finding("pixel.stroke_weight", "medium", 0.7, name);
    const [agreement] = agreementFindings(1, [weight, typeOff], onName);
    expect(agreement?.evidence?.measurements).toEqual(["stroke weight", "type geometry"]);
    expect(agreement?.severity).toBe("high");
    expect(agreementFindings(1, [weight], onName)).toEqual([]);
    expect(verdictOf([weight])).toBe("VERIFIED");
  });

  it("a name set in another face than its line and also off its baseline shows two signs; neither alone flags", () => {
    // As measured on an export whose name was retyped in a sans face inside a serif sentence.
    const face = finding("pixel.letterform", "medium", 0.8, name);
    const baseline = finding("pixel.typography", "medium", 0.49, name);
    const [agreement] = agreementFindings(1, [face, baseline], onName);
    expect(agreement?.evidence?.measurements).toEqual(["stroke weight", "type geometry"]);
    expect(agreement?.severity).toBe("high");
    expect(verdictOf([face, baseline])).toBe("VERIFIED");
    expect(verdictOf([face, baseline, agreement as Finding])).toBe("SUSPECT");
    // Stroke contrast and a weight change are read from the same strokes: one measurement, no agreement.
    const weight = finding("pixel.stroke_weight", "medium", 0.7, name);
    expect(agreementFindings(1, [face, weight], onName)).toEqual([]);
  });

  it("a name drawn by another rasteriser than the page's, and also off its line, shows two signs; the rasteriser alone flags", () => {
    const rasteriser = finding("pixel.type_rasteriser", "high", 0.9, name);
    const [agreement] = agreementFindings(1, [rasteriser, typeOff], onName);
    expect(agreement?.evidence?.measurements).toEqual(["rasteriser", "type geometry"]);
    expect(agreement?.severity).toBe("high");
    expect(verdictOf([rasteriser])).toBe("SUSPECT");
  });

  it("the same two findings at different places do not agree", () => {
    const apart = [typeOff, { ...tooClean, region: elsewhere }];
    expect(agreementFindings(1, apart, onName)).toEqual([]);
  });

  it("two findings of one measurement (noise and flat paper) are one observation, not two", () => {
    const same = [tooClean, finding("pixel.flat_paper", "medium", 0.7, name)];
    expect(agreementFindings(1, same, onName)).toEqual([]);
  });

  it("agreement on the issuer's pre-printed form is only noted", () => {
    const form = [typeOff, tooClean];
    const [agreement] = agreementFindings(1, form, () => false);
    expect(agreement?.severity).toBe("info");
  });

  it("hints that are only low stay a medium finding, which flags nothing alone", () => {
    const weak = [
      finding("pixel.noise_inconsistency", "low", 0.5, name),
      finding("pixel.jpeg_ghost", "medium", 0.6, name),
    ];
    const [agreement] = agreementFindings(1, weak, onName);
    expect(agreement?.severity).toBe("medium");
    expect(verdictOf([...weak, agreement as Finding])).toBe("VERIFIED");
  });

  it("info findings (what the codec or the page explains) and other pages do not count", () => {
    const explained = [typeOff, finding("pixel.jpeg_ghost", "info", 0.7, name)];
    expect(agreementFindings(1, explained, onName)).toEqual([]);
    expect(agreementFindings(2, [typeOff, tooClean], onName)).toEqual([]);
  });
});
