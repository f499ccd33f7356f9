import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { centreOffsets, type LineBox } from "./centred-lines";
import type { Grey } from "./raster";
import { analyseTypography } from "./typography";

const WIDTH = 1240;
const HEIGHT = 1754;
const blank: Grey = { data: new Uint8Array(WIDTH * HEIGHT).fill(255), width: WIDTH, height: HEIGHT };

/** One line of words centred on `axis` (pixels) at `y`, each word 11 px a letter, 17 px high. */
function centred(text: string, y: number, axis = 620, height = 17, shift = 0): TextItem[] {
  const parts = text.split(" ");
  const widths = parts.map((p) => p.length * 11);
  const total = widths.reduce((a, b) => a + b, 0) + 8 * (parts.length - 1);
  let x = axis - total / 2 + shift;
  return parts.map((t, i) => {
    const item: TextItem = {
      text: t,
      x: x / WIDTH,
      y: y / HEIGHT,
      width: (widths[i] as number) / WIDTH,
      height: height / HEIGHT,
      source: "ocr",
      confidence: 93,
    };
    x += (widths[i] as number) + 8;
    return item;
  });
}

/** A certificate's centred stack, its holder's name `shift` pixels off the axis. */
function certificate(shift: number): TextItem[] {
  return [
    ...centred("Open Learning Academy", 150, 620, 32),
    ...centred("This is to certify that", 260),
    ...centred("Ines Horvat", 300, 620, 30, shift),
    ...centred("born on 03.11.1985", 350),
    ...centred("attended and passed the training", 400),
    ...centred("First Aid at Work", 450, 620, 21),
    ...centred("(12 teaching hours), completed on 08.04.2025.", 500),
  ];
}

const centreFound = (words: TextItem[]) =>
  analyseTypography(blank, words).deviations.filter((d) => d.measure === "centre");

describe("centred lines", () => {
  it("finds a name retyped from the old name's left edge off the axis its centred neighbours keep", () => {
    const found = centreFound(certificate(12));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text: "Ines Horvat", peers: 6 });
    expect(found[0]!.value).toBeCloseTo(0.4, 1);
  });

  it("finds nothing on the same page centred as its layout engine set it, to a pixel's rounding", () => {
    expect(centreFound(certificate(0))).toHaveLength(0);
    expect(centreFound(certificate(-2))).toHaveLength(0);
  });

  it("judges no line of a left-aligned paragraph, nor a line at the margin under a centred block", () => {
    const boxes = (x0: number, widths: number[], y0: number): LineBox[] =>
      widths.map((w, i) => ({ x0, x1: x0 + w, y: y0 + 30 * i, height: 17, single: true }));
    // Left-aligned lines of different lengths: their centres share no axis.
    expect(centreOffsets(boxes(110, [900, 620, 880, 300], 200)).every((d) => d === null)).toBe(true);
    const stack = [
      ...[400, 260, 520].map((w, i) => ({
        x0: 620 - w / 2,
        x1: 620 + w / 2,
        y: 200 + 30 * i,
        height: 17,
        single: true,
      })),
      { x0: 110, x1: 330, y: 290, height: 17, single: true },
    ];
    expect(centreOffsets(stack)[3]).toBeNull();
    // A line of two columns (a date at the left, a signature at the right) is no centred line.
    const twoColumns = [...stack.slice(0, 3), { x0: 300, x1: 1000, y: 290, height: 17, single: false }];
    expect(centreOffsets(twoColumns)[3]).toBeNull();
  });
});
