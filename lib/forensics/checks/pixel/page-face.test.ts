import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { analyseLetterform } from "./letterform";
import { analysePageFace } from "./page-face";
import { pageFaceFindings } from "./page-face-findings";
import { pixelRegion, type Grey } from "./raster";
import { blankPage, boxGlyphWord } from "@/tests/forensics-support/drawn-ink";

const W = 900;
const H = 400;
const SANS = { stem: 2.2, thin: 1.9 };
const SERIF = { stem: 2.2, thin: 0.9 };
/** The page's own bold: stems and thin strokes both thicker. */
const BOLD = { stem: 2.8, thin: 2.3 };

type Face = { stem: number; thin: number };

/** Draws a word of box glyphs in a face on `g` and reads it into `words`, as OCR would. */
function wordDrawer(g: Grey, words: TextItem[]) {
  return (text: string, x: number, top: number, f: Face): TextItem => {
    // Words differ a little, as the rasteriser rounds each one's strokes.
    const jitter = ((words.length * 7) % 5) * 0.03;
    const b = boxGlyphWord(g, x, top, text.length, f.stem + jitter, f.thin + jitter / 2);
    const item: TextItem = {
      text,
      x: b.x0 / W,
      y: b.y0 / H,
      width: (b.x1 - b.x0) / W,
      height: (b.y1 - b.y0) / H,
      source: "ocr",
      confidence: 92,
    };
    words.push(item);
    return item;
  };
}

/**
 * A statement's first lines: an addressee block (name, street, town) at the left, then lines of
 * the page's body in one sans face. The name is set in `name`.
 */
function statement(
  name: Face,
  body: (i: number) => Face = () => SANS,
): { g: Grey; words: TextItem[]; holder: Set<TextItem> } {
  const g = blankPage(W, H);
  const words: TextItem[] = [];
  const put = wordDrawer(g, words);
  const holder = new Set<TextItem>([put("Mateo", 40, 40, name), put("Costa", 100, 40, name)]);
  holder.add(put("Roma", 40, 62, SANS)).add(put("Barcelona", 90, 62, SANS));
  let top = 120;
  for (const line of [
    ["Account", "statement", "Opening"],
    ["Balance", "brought", "forward"],
    ["Salary", "Meridian", "Online", "Books"],
  ]) {
    let x = 40;
    for (const text of line) {
      put(text, x, top, body(words.length));
      x += text.length * 9 + 14;
    }
    top += 24;
  }
  return { g, words, holder };
}

/**
 * A payslip's key-value rows: "Employee name" and the name on one line, the name alone in its block
 * (the values under it are figures, which have no face to measure), then body lines in one sans face.
 */
function keyValue(name: Face, caption: boolean): { g: Grey; words: TextItem[]; holder: Set<TextItem> } {
  const page = statement(SANS);
  const g = blankPage(W, H);
  const words: TextItem[] = [];
  const put = wordDrawer(g, words);
  if (caption) {
    put("Employee", 40, 40, SANS);
    put("name", 125, 40, SANS);
  }
  const holder = new Set<TextItem>([put("Mateo", 400, 40, name), put("Costa", 460, 40, name)]);
  // The body lines of the statement's page, redrawn here.
  for (const w of page.words.filter((w) => !page.holder.has(w)))
    put(w.text, Math.round(w.x * W), Math.round(w.y * H), SANS);
  return { g, words, holder };
}

const analyse = (page: ReturnType<typeof statement>) =>
  analysePageFace(page.g, page.words, page.holder, analyseLetterform(page.g, page.words, page.holder).lineJudged);

describe("page face", () => {
  it("finds an addressee's name retyped in a serif face on a sans page, and not its genuine twin", () => {
    const retyped = analyse(statement(SERIF));
    expect(retyped.deviations.map((d) => d.text)).toEqual(["Mateo", "Costa"]);
    expect(retyped.deviations[0]?.contrast).toBeGreaterThan(1.35);
    expect(retyped.deviations[0]?.thin).toBeLessThan(0.8);
    // The street and town under it stay in the page's face.
    expect(retyped.deviations[0]?.blockInPageFace).toBeGreaterThan(0);

    const genuine = analyse(statement(SANS));
    expect(genuine.judged.map((d) => d.text)).toEqual(["Mateo", "Costa", "Roma", "Barcelona"]);
    expect(genuine.deviations).toEqual([]);
  });

  it("takes a name in the page's bold for no other face: its thin strokes thicken too", () => {
    const bold = analyse(statement(BOLD));
    expect(bold.judged.map((d) => d.text)).toContain("Mateo");
    expect(bold.deviations).toEqual([]);
  });

  it("reports a key-value row's name as high where its caption keeps the page's face", () => {
    const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, W, H);
    const retyped = analyse(keyValue(SERIF, true));
    expect(retyped.deviations.map((d) => d.text)).toEqual(["Mateo", "Costa"]);
    expect(pageFaceFindings(1, retyped, toRegion).map((f) => f.severity)).toEqual(["high", "high"]);
    // Its clean twin: the name in the page's face is no departure.
    expect(analyse(keyValue(SANS, true)).deviations).toEqual([]);
    // Without a caption beside it, nothing printed with the name shows the page's face: medium.
    const alone = analyse(keyValue(SERIF, false));
    expect(pageFaceFindings(1, alone, toRegion).map((f) => f.severity)).toEqual(["medium", "medium"]);
  });

  it("finds a serif name past every word of a sans page whose words spread wider than one face's", () => {
    // Every other body word drawn a little heavier in its stems: the page's contrast spreads past a
    // tenth of itself, yet no word of it comes near a serif's hairlines.
    const UNEVEN = { stem: 2.55, thin: 1.9 };
    const uneven = (i: number) => (i % 2 ? SANS : UNEVEN);
    const retyped = analyse(statement(SERIF, uneven));
    expect(retyped.deviations.map((d) => d.text)).toEqual(["Mateo", "Costa"]);
    expect(analyse(statement(SANS, uneven)).deviations).toEqual([]);
  });

  it("judges nothing on a page of mixed faces", () => {
    // Every other word of the body in serif: the page has no one face to hold the name to.
    const mixed = analyse(statement(SERIF, (i) => (i % 2 ? SANS : SERIF)));
    expect(mixed.judged).toEqual([]);
  });

  it("reports the name as high where its block's other lines keep the page's face", () => {
    const result = analyse(statement(SERIF));
    const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, W, H);
    const findings = pageFaceFindings(1, result, toRegion);
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatchObject({ check: "pixel.letterform", severity: "high" });
    expect(findings[0]?.evidence?.statistic).toBe("stroke_contrast_vs_page");
  });

  it("scores a departure its block corroborates as enough to flag the document, however near the threshold", () => {
    const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, W, H);
    const [word] = analyse(statement(SERIF)).deviations;
    // 5.4 spreads past the page's face: just past the threshold of 4.5.
    const near = (blockInPageFace: number) =>
      pageFaceFindings(1, { judged: [], deviations: [{ ...word!, spreads: 5.4, blockInPageFace }] }, toRegion)[0]!;
    expect(near(1)).toMatchObject({ severity: "high", score: 0.6 });
    // Its twin alone on the page: medium, scored by its distance alone.
    expect(near(0).severity).toBe("medium");
    expect(near(0).score).toBeLessThan(0.6);
  });
});
