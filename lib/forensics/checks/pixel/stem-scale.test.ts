import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { holderWords } from "./holder-words";
import { pixelRegion, type Grey } from "./raster";
import { analyseStemScale } from "./stem-scale";
import { stemScaleFindings } from "./stem-scale-findings";
import { blankPage, fill } from "@/tests/forensics-support/drawn-ink";

const W = 1400;
const H = 120;
/**
 * A word of box-shaped glyphs at x-height 12 from `x`, each `pitch` px wide: two stems `stem` px
 * thick joined at top and foot by bars `bar` px thick. Stretching a word to `s` times its width
 * multiplies its pitch and stems by `s` and leaves its bars and height.
 */
function word(g: Grey, x: number, text: string, stem: number, bar: number, pitch = 9): TextItem {
  const top = 50;
  const foot = 62;
  const inner = pitch - 2;
  for (let k = 0; k < text.length; k++) {
    const gx = x + k * pitch;
    fill(g, gx, top, gx + stem, foot);
    fill(g, gx + inner - stem, top, gx + inner, foot);
    fill(g, gx + stem, top, gx + inner - stem, top + bar);
    fill(g, gx + stem, foot - bar, gx + inner - stem, foot);
  }
  const width = text.length * pitch + 2;
  return { text, x: (x - 2) / W, y: 44 / H, width: width / W, height: 24 / H, source: "ocr", confidence: 92 };
}

const STEM = 2.2;
const BAR = 1.9;

/** "We hereby certify that <name>, date of birth ...", the name's glyphs stretched by `stretch`. */
function page(stretch: number): { g: Grey; words: TextItem[] } {
  const g: Grey = blankPage(W, H);
  const words: TextItem[] = [];
  let x = 20;
  const put = (text: string, s: number) => {
    // Words differ a little, as the rasteriser rounds each one's strokes.
    const jitter = ((words.length * 7) % 5) * 0.02;
    words.push(word(g, x, text, (STEM + jitter) * s, BAR + jitter / 2, 9 * s));
    x += Math.ceil(text.length * 9 * s) + 14;
  };
  for (const t of ["We", "hereby", "certify", "that"]) put(t, 1);
  for (const t of ["Pieter", "Horvat,"]) put(t, stretch);
  for (const t of ["date", "of", "birth", "March", "has", "worked"]) put(t, 1);
  return { g, words };
}

function analyse(stretch: number) {
  const { g, words } = page(stretch);
  const name = holderWords(words);
  return { result: analyseStemScale(g, words, (w) => name.has(w), name), g };
}

describe("stem scale", () => {
  it("finds a name whose stems a horizontal resize narrowed, its bars and height untouched", () => {
    const { result, g } = analyse(0.82);
    expect(result.judged.map((d) => d.text)).toEqual(["Pieter", "Horvat,"]);
    expect(result.deviations.map((d) => d.text)).toEqual(["Pieter", "Horvat,"]);
    expect(result.deviations[0]?.factor).toBeLessThan(0.9);
    const found = stemScaleFindings(1, result, (x0, y0, x1, y1) => pixelRegion(x0, y0, x1, y1, g.width, g.height));
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ check: "pixel.stem_scale", severity: "medium" });
    expect(found[0]?.evidence?.statistic).toBe("stem_factor");
  });

  it("finds a name whose stems a resize widened", () => {
    expect(analyse(1.2).result.deviations.map((d) => d.text)).toEqual(["Pieter", "Horvat,"]);
  });

  it("leaves the clean twin: a name drawn with the page's own stems", () => {
    const { result } = analyse(1);
    expect(result.judged).toHaveLength(2);
    expect(result.deviations).toEqual([]);
  });

  it("leaves a name in another weight: stems far off every class of the page's are no resize", () => {
    // A bold name: stems 1.6 times the line's, its bars the line's (the hardest case), its glyphs wider.
    const g: Grey = blankPage(W, H);
    const words: TextItem[] = [];
    let x = 20;
    for (const t of ["We", "hereby", "certify", "that", "Pieter", "Horvat,", "date", "of", "birth", "March", "has"]) {
      const bold = t === "Pieter" || t === "Horvat,";
      const jitter = ((words.length * 7) % 5) * 0.02;
      words.push(word(g, x, t, (STEM + jitter) * (bold ? 1.6 : 1), BAR + jitter / 2, bold ? 12 : 9));
      x += t.length * (bold ? 12 : 9) + 14;
    }
    const name = holderWords(words);
    const result = analyseStemScale(g, words, (w) => name.has(w), name);
    expect(result.judged).toHaveLength(2);
    expect(result.deviations).toEqual([]);
  });
});
