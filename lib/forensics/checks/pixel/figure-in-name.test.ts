import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { figuresInName } from "./figure-in-name";

const g = { data: new Uint8Array(100 * 100), width: 100, height: 100 };
const word = (text: string, x: number, y: number): TextItem => ({
  text,
  x,
  y,
  width: 0.1,
  height: 0.02,
  source: "ocr",
  confidence: 90,
});

/** A statement's holder line and a balance column; `name` is what OCR read where the name begins. */
function page(name: string, balance = "25112852") {
  const slot = word(name, 0.3, 0.1);
  const words = [
    word("Account", 0.05, 0.1),
    word("holder", 0.12, 0.1),
    slot,
    word("Balance", 0.8, 0.2),
    word(balance, 0.8, 0.25),
  ];
  return figuresInName(g, words, new Set([slot]));
}

describe("a figure of the page read where the holder's name begins", () => {
  it("finds a balance run into what is left of the name, its separators read as digits where it is printed", () => {
    // "2,112.52" cloned over "Silva": OCR reads "Z112.52lva" there and "25112852" in the table.
    expect(page("Z112.52lva")).toMatchObject([{ read: "Z112.52lva", figure: "25112852" }]);
    expect(page("2,112.52lva", "2,112.52")).toHaveLength(1);
  });

  it("finds nothing in a name, nor in a figure no other word of the page prints", () => {
    expect(page("Silva")).toEqual([]);
    expect(page("2,112.52lva", "1,875.04")).toEqual([]);
    // A house number or a year run into a word is no amount or date.
    expect(page("115Kerkstraat", "115")).toEqual([]);
  });
});
