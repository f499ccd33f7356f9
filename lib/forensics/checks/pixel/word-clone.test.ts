import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { toGrey } from "./raster";
import { holderSlotWords } from "./holder-words";
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

/** The payslip with a row captioned "Earnings (EUR)": a word in brackets on the form. */
function withEarningsEur(name: string[]): SetLine[] {
  return [
    ...payslip(name, ["Overtime", "Pension"]),
    {
      size: 18,
      words: [
        { text: "Earnings", at: 110 },
        { text: "(EUR)", at: 500 },
      ],
    },
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

/** As cloneOver, with OCR reading the copy apart from what is left of the word it covered. */
function cloneOverReadApart(set: TypesetPage, source: string, target: string, rest: string): TypesetPage {
  const forged = cloneOver(set, source, target, target);
  const s = set.words.find((w) => w.text === source)!;
  const words = forged.words.flatMap((w) => {
    if (w.text !== target) return [w];
    const copy = { ...w, text: source, width: s.width, height: s.height };
    const left = { ...w, text: rest, x: w.x + s.width, width: w.width - s.width };
    return [copy, left];
  });
  return { page: forged.page, words };
}

function clones(set: TypesetPage) {
  return findWordClones(
    toGrey(set.page.rgb, set.page.width, set.page.height),
    set.words,
    holderData(set),
    holderSlotWords(set.words),
  ).clones;
}

describe("a value that repeats its own words", () => {
  it("is no clone: a word of the holder's data on the data's own line is no form word", () => {
    // The degree printed as the holder's data repeats "Engineering", both in one face and phase.
    const set = typesetPage(payslip(["Engineering", "(Mechanical", "Engineering)"]));
    expect(clones(set)).toEqual([]);
  });
});

describe("a form word cloned over the holder's data on a clean page", () => {
  it("finds a table's word cloned over the holder's given name, and nothing on its genuine twin", () => {
    const genuine = typesetPage(payslip(["Mariangela", "Silva"]));
    expect(clones(genuine)).toEqual([]);
    const forged = cloneOver(genuine, "Overtime", "Mariangela", "Overtimela");
    const found = clones(forged);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: "Overtime", over: "Overtimela", mismatched: 0 });
  });

  it("finds a word of another value cloned over the name, but takes no print of the holder's name for a source", () => {
    // The position is a value the field reader read, as a diploma's degree is: its words are no name.
    const genuine = typesetPage(payslip(["Mariangela", "Silva"]));
    const caption = genuine.words.find((w) => w.text === "Position:")!;
    const withPosition = (set: TypesetPage) => {
      const data = holderData(set);
      return (w: TextItem) => data(w) || (Math.abs(w.y - caption.y) < caption.height && w.x > caption.x);
    };
    const cloned = (set: TypesetPage, name: string) =>
      findWordClones(
        toGrey(set.page.rgb, set.page.width, set.page.height),
        set.words,
        withPosition(set),
        holderSlotWords(set.words),
        name,
      ).clones;
    expect(cloned(genuine, "Mariangela Silva")).toEqual([]);
    const forged = cloneOver(genuine, "Analyst", "Mariangela", "Analystela");
    expect(cloned(forged, "Analystela Silva")).toMatchObject([{ text: "Analyst", over: "Analystela" }]);
    // Had the reader read "Analyst" as the holder's name, it is a print of it, and no source.
    expect(cloned(forged, "Analyst")).toEqual([]);
  });

  it("finds a course code of letters and figures cloned over the name, and nothing on its twin", () => {
    const genuine = typesetPage(payslip(["Mariangela", "Silva"], ["DIS306", "Pension", "Bonus"]));
    expect(clones(genuine)).toEqual([]);
    const found = clones(cloneOver(genuine, "DIS306", "Mariangela", "DIS306ela"));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: "DIS306", over: "DIS306ela" });
  });

  it("takes a figure over the name only read there run into what is left of the name's letters", () => {
    const genuine = typesetPage(payslip(["Mariangela", "Silva"]));
    const found = clones(cloneOver(genuine, "314.25", "Mariangela", "314.25ela"));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: "314.25", over: "314.25ela" });
    // Read as the figure alone, it is a figure printed again: figures repeat across the holder's data.
    expect(clones(cloneOver(genuine, "314.25", "Mariangela", "314.25"))).toEqual([]);
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

  it("finds a short word with its brackets cloned over the start of the name and read apart from what is left", () => {
    const genuine = typesetPage(withEarningsEur(["Mariangela", "Silva"]));
    expect(clones(genuine)).toEqual([]);
    const found = clones(cloneOverReadApart(genuine, "(EUR)", "Mariangela", "ngela"));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: "(EUR)", over: "(EUR)" });
  });

  it("finds a word no name is written with cloned over the whole given name and read there as itself", () => {
    const genuine = typesetPage(withEarningsEur(["Ilse", "Silva"]));
    expect(clones(genuine)).toEqual([]);
    // Nothing of the name is left beside the copy: OCR reads the word the form prints elsewhere.
    const found = clones(cloneOver(genuine, "(EUR)", "Ilse", "(EUR)"));
    expect(found).toMatchObject([{ text: "(EUR)", over: "(EUR) Silva", alone: true }]);
    // A word names are written with, so cloned, is that word printed where the reader looks for a name.
    const named = typesetPage(payslip(["Ilse", "Silva"], ["Overtime", "Pension"]));
    expect(clones(cloneOver(named, "Overtime", "Ilse", "Overtime"))).toEqual([]);
  });

  it("finds a word of four letters cloned over the given name where OCR reads a sliver of the name's letter with it", () => {
    const genuine = typesetPage(payslip(["Ilse", "Silva"], ["This", "Pension", "Bonus"]));
    expect(clones(genuine)).toEqual([]);
    // The copy read "This;": the semicolon is what is left of the covered letter.
    const found = clones(cloneOver(genuine, "This", "Ilse", "This;"));
    expect(found).toMatchObject([{ text: "This", over: "This;" }]);
    // A colon read after a word that is no caption of a name is a sliver too.
    const longer = typesetPage(payslip(["Ilse", "Silva"], ["Overtime", "Pension", "Bonus"]));
    expect(clones(cloneOver(longer, "Overtime", "Ilse", "Overtime:"))).toMatchObject([
      { text: "Overtime", over: "Overtime: Silva" },
    ]);
    // Read run into a longer word, a word of four letters may be a name's first letters in the same type.
    expect(clones(cloneOver(genuine, "This", "Ilse", "Thisbe"))).toEqual([]);
    // Printed where the reader looks for a name, with nothing joined to it, it is that word printed again.
    expect(clones(typesetPage(payslip(["This", "Silva"], ["This", "Pension", "Bonus"])))).toEqual([]);
    // Nor is a caption's colon a sliver: the form's "Employee" printed again as the caption "Employee:".
    const captioned = typesetPage(payslip(["Ilse", "Silva"], ["Employee", "Pension", "Bonus"]));
    const slot = holderSlotWords(captioned.words);
    const caption = captioned.words.find((w) => w.text === "Employee:")!;
    expect(
      findWordClones(
        toGrey(captioned.page.rgb, captioned.page.width, captioned.page.height),
        captioned.words,
        holderData(captioned),
        new Set([...slot, caption]),
      ).clones,
    ).toEqual([]);
  });

  it("finds a word of four letters in another ink cloned over the given name and read run into what is left", () => {
    // A heading's word in the issuer's brown, the name in black.
    const lines = (name: string[], ink?: string) => {
      const set = payslip(name, ["Pension", "Bonus"]);
      set.push({ size: 18, words: [{ text: "Bachelor" }, { text: "of" }, { text: "Arts", ink: "#5a3d0c" }] });
      return ink ? set.map((l, i) => (i === 1 ? { ...l, words: l.words.map((w) => ({ ...w, ink })) } : l)) : set;
    };
    const genuine = typesetPage(lines(["Mariangela", "Silva"]));
    expect(clones(genuine)).toEqual([]);
    expect(clones(cloneOver(genuine, "Arts", "Mariangela", "Artsngela"))).toMatchObject([
      { text: "Arts", over: "Artsngela" },
    ]);
    // In the same ink, a word of four letters may be a name's first letters in the same type.
    const brown = typesetPage(lines(["Mariangela", "Silva"], "#5a3d0c"));
    expect(clones(cloneOver(brown, "Arts", "Mariangela", "Artsngela"))).toEqual([]);
  });

  it("finds a word of four letters of the body cloned over a bold given name and read run into what is left", () => {
    const lines = (bold: boolean) => {
      const set = payslip(["Mariangela", "Silva"], ["This", "Pension", "Bonus"]);
      return set.map((l, i) => (i === 1 ? { ...l, words: l.words.map((w, k) => ({ ...w, bold: bold && k > 0 })) } : l));
    };
    const genuine = typesetPage(lines(true));
    expect(clones(genuine)).toEqual([]);
    expect(clones(cloneOver(genuine, "This", "Mariangela", "Thisngela"))).toMatchObject([
      { text: "This", over: "Thisngela" },
    ]);
    // Over a name in the body's own weight, a word of four letters may be the name's first letters.
    const regular = typesetPage(lines(false));
    expect(clones(cloneOver(regular, "This", "Mariangela", "Thisngela"))).toEqual([]);
  });

  it("finds nothing where the holder's surname is printed again, once with a footnote mark read with it", () => {
    // Both set at a whole pixel: the same glyphs, pixel for pixel, a mark beside one of them.
    const lines = payslip(["Silva*"]);
    lines.push({ size: 18, words: [{ text: "Signed" }, { text: "Silva", at: 500 }] });
    expect(clones(typesetPage(lines))).toEqual([]);
  });
});
