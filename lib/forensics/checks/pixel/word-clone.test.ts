import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { toGrey } from "./raster";
import { findWordClones } from "./word-clone";
import { typesetPage, type SetLine, type TypesetPage } from "@/tests/forensics-support/typeset-fixtures";

/** A payslip-like page: the holder's name after its caption, a table of form words and figures. */
function payslip(name: string[], rows = ["Overtime", "Pension", "Bonus"]): SetLine[] {
  return [
    { size: 30, words: [{ text: "Cobalt" }, { text: "Systems" }, { text: "Payslip" }] },
    { size: 18, words: [{ text: "Employee:" }, ...name.map((text, i) => ({ text, at: i === 0 ? 300 : undefined }))] },
    { size: 18, words: [{ text: "Position:" }, { text: "Analyst", at: 300 }] },
    ...rows.map((text, i) => ({
      size: 18,
      words: [
        { text, at: 110 },
        { text: `${314 + i * 97}.25`, at: 700 },
      ],
    })),
    { size: 18, words: [{ text: "Gross" }, { text: "pay" }, { text: "1,201.75", at: 700 }] },
  ];
}

/** The holder's data: the words after "Employee:" and anything with a digit. */
function holderData(set: TypesetPage): (w: TextItem) => boolean {
  const caption = set.words.find((w) => w.text === "Employee:")!;
  return (w) => /\d/.test(w.text) || (Math.abs(w.y - caption.y) < caption.height && w.x > caption.x + caption.width);
}

/** The page with the pixels of `source`'s box (and 2 px of paper around it) pasted at `target`'s top-left corner. */
function cloneOver(set: TypesetPage, source: string, target: string, readAs: string): TypesetPage {
  const { page, words } = set;
  const px = (w: TextItem) => ({
    x0: Math.round(w.x * page.width) - 2,
    y0: Math.round(w.y * page.height) - 2,
    x1: Math.round((w.x + w.width) * page.width) + 2,
    y1: Math.round((w.y + w.height) * page.height) + 2,
  });
  const s = px(words.find((w) => w.text === source)!);
  const t = px(words.find((w) => w.text === target)!);
  const rgb = Uint8Array.from(page.rgb);
  for (let y = s.y0; y < s.y1; y++) {
    for (let x = s.x0; x < s.x1; x++) {
      const from = (y * page.width + x) * 3;
      const to = ((y - s.y0 + t.y0) * page.width + (x - s.x0 + t.x0)) * 3;
      rgb.set(page.rgb.subarray(from, from + 3), to);
    }
  }
  // OCR reads the clone joined to what is left of the word it covered.
  const read = words.map((w) => (w.text === target ? { ...w, text: readAs } : w));
  return { page: { ...page, rgb }, words: read };
}

function clones(set: TypesetPage) {
  return findWordClones(toGrey(set.page.rgb, set.page.width, set.page.height), set.words, holderData(set), {
    scale: 1,
    maxCandidates: 1500,
  }).clones;
}

describe("a form word cloned over the holder's data on a clean page", () => {
  it("finds a table's word cloned over the holder's given name, and nothing on its genuine twin", () => {
    const genuine = typesetPage(payslip(["Mariangela", "Silva"]));
    expect(clones(genuine)).toEqual([]);
    const forged = cloneOver(genuine, "Overtime", "Mariangela", "Overtimela");
    const found = clones(forged);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: "Overtime", over: "Overtimela", mismatched: 0 });
  });

  it("finds nothing where a form word is printed twice on the form (both copies the form's)", () => {
    const set = typesetPage(payslip(["Mariangela", "Silva"], ["Overtime", "Overtime", "Pension"]));
    expect(clones(set)).toEqual([]);
  });

  it("finds nothing where a form word is printed again where the reader takes words for the holder's data", () => {
    // A statement's description column, an addressee block: the field reader goes by position.
    const set = typesetPage(payslip(["Overtime", "Silva"]));
    expect(clones(set)).toEqual([]);
  });

  it("finds nothing where a form word printed again is read run into a figure (data for its digit)", () => {
    const twice = typesetPage(payslip(["Mariangela", "Silva"], ["Overtime", "Overtime", "Pension"]));
    const second = twice.words.filter((w) => w.text === "Overtime")[1]!;
    const read = twice.words.map((w) => (w === second ? { ...w, text: "Overtime:412.25", width: w.width * 2 } : w));
    expect(clones({ ...twice, words: read })).toEqual([]);
  });

  it("finds nothing where a short form word is printed as the start of the holder's name in the same type", () => {
    const lines = payslip(["JANSEN"]);
    lines.push({ size: 18, words: [{ text: "Issued" }, { text: "JAN", at: 300 }, { text: "2022" }] });
    const set = typesetPage(lines);
    expect(clones(set)).toEqual([]);
  });
});
