import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { holderWords } from "./holder-words";
import { analyseLetterform, strokeContrast } from "./letterform";
import { letterformFindings } from "./letterform-findings";
import { measureWord } from "./glyph-metrics";
import { pixelRegion, type Grey } from "./raster";
import { blankPage, boxGlyphWord } from "@/tests/forensics-support/drawn-ink";

const W = 1400;
const H = 120;
/** A word of box-shaped glyphs (drawn-ink.ts) at x-height 12 from `x`, as OCR reports it. */
function word(g: Grey, x: number, text: string, stem: number, thin: number): TextItem {
  const b = boxGlyphWord(g, x, 50, text.length, stem, thin);
  const box = { x: b.x0 / W, y: b.y0 / H, width: (b.x1 - b.x0) / W, height: (b.y1 - b.y0) / H };
  return { text, ...box, source: "ocr", confidence: 92 };
}

const SERIF = { stem: 2.2, thin: 0.9 };
const SANS = { stem: 2.2, thin: 1.9 };

/** "We hereby certify that <name>, date of birth ..." on one line, the name in `face`. */
function page(face: { stem: number; thin: number }): { g: Grey; words: TextItem[] } {
  const g: Grey = blankPage(W, H);
  const words: TextItem[] = [];
  let x = 20;
  const put = (text: string, f: { stem: number; thin: number }) => {
    // Words of the line differ a little, as the rasteriser rounds each one's strokes.
    const jitter = ((words.length * 7) % 5) * 0.03;
    words.push(word(g, x, text, f.stem + jitter, f.thin + jitter / 2));
    x += text.length * 9 + 14;
  };
  for (const t of ["We", "hereby", "certify", "that"]) put(t, SERIF);
  for (const t of ["Pieter", "Horvat,"]) put(t, face);
  for (const t of ["date", "of", "birth", "March", "has", "worked"]) put(t, SERIF);
  return { g, words };
}

describe("stroke contrast", () => {
  it("reads stems against thin strokes: about 2.4 for a serif face, about 1.2 for a sans face", () => {
    const g: Grey = blankPage(W, H);
    const serif = word(g, 20, "nnnnn", SERIF.stem, SERIF.thin);
    const sans = word(g, 200, "nnnnn", SANS.stem, SANS.thin);
    const box = (w: TextItem) => ({
      x0: Math.round(w.x * W),
      y0: Math.round(w.y * H),
      x1: Math.round((w.x + w.width) * W),
      y1: Math.round((w.y + w.height) * H),
    });
    const contrast = (w: TextItem) => {
      const m = measureWord(g, box(w));
      return m && strokeContrast(g, box(w), m);
    };
    expect(contrast(serif)?.ratio).toBeCloseTo(2.4, 0);
    expect(contrast(sans)?.ratio).toBeCloseTo(1.2, 0);
  });
});

describe("letterform", () => {
  it("finds a name retyped in a sans face inside a serif sentence, and not its genuine twin", () => {
    const retyped = page(SANS);
    const found = analyseLetterform(retyped.g, retyped.words, holderWords(retyped.words));
    expect(found.deviations.map((d) => d.text)).toEqual(["Pieter", "Horvat,"]);
    const d = found.deviations[0];
    expect(d?.ratio).toBeLessThan(0.65 * (d?.lineRatio ?? 0));
    expect(d?.spreads).toBeGreaterThanOrEqual(4.5);

    const genuine = page(SERIF);
    const twin = analyseLetterform(genuine.g, genuine.words, holderWords(genuine.words));
    expect(twin.judged.map((w) => w.text)).toEqual(["Pieter", "Horvat,"]);
    expect(twin.deviations).toEqual([]);
  });

  it("takes a name in heavier stems than its line (the line's own bold) for no other face", () => {
    // Bold stems thicken more than hairlines: genuine bold names measured up to 1.64 times their line.
    const bold = page({ stem: 2.8, thin: 0.7 });
    const found = analyseLetterform(bold.g, bold.words, holderWords(bold.words));
    // Past the spread and past 1.6 times its line: what a two-way bound would have counted.
    expect(found.judged[0]?.ratio).toBeGreaterThan(1.6 * (found.judged[0]?.lineRatio ?? 0));
    expect(found.judged[0]?.spreads).toBeGreaterThan(4.5);
    expect(found.deviations).toEqual([]);
  });

  it("judges nothing on a line of fewer than four other words", () => {
    const { g, words } = page(SANS);
    const short = words.filter((w) => ["We", "that", "Pieter", "Horvat,", "date", "of"].includes(w.text));
    expect(analyseLetterform(g, short, holderWords(short)).judged).toEqual([]);
  });

  it("reports a departure as a medium finding on the holder's word", () => {
    const { g, words } = page(SANS);
    const result = analyseLetterform(g, words, holderWords(words));
    const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, W, H);
    const findings = letterformFindings(1, result, toRegion);
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatchObject({ check: "pixel.letterform", severity: "medium" });
    expect(findings[0]?.score).toBeGreaterThanOrEqual(0.45);
    expect(findings[0]?.evidence?.statistic).toBe("stroke_contrast");
  });
});
