import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { PageImage } from "../../context";
import { terminateOcr } from "../../pipeline/ocr";
import type { Region } from "../../types";
import { inkBox } from "./ink-box";
import { readFigure } from "./reread-figures";
import { typesetPage } from "@/tests/forensics-support/typeset-fixtures";

/**
 * A statement's amount cell: the figure in 40 px type, a cell's dotted border 6 px after its ink,
 * and the box OCR gives the figure reaching over the border. `ink` is the figure's own ink, in pixels.
 */
function cell(figure: string): { page: PageImage; box: Region; ink: { x0: number; x1: number } } {
  const set = typesetPage([{ size: 40, words: [{ text: figure }] }], 600);
  const { rgb, width, height } = set.page;
  const word = set.words[0]!;
  const ink = { x0: Math.round(word.x * width), x1: Math.round((word.x + word.width) * width) };
  const [top, foot] = [Math.round(word.y * height) - 20, Math.round((word.y + word.height) * height) + 20];
  for (let y = top; y < foot; y += 9)
    for (let dy = 0; dy < 4; dy++)
      for (let dx = 0; dx < 2; dx++)
        rgb.fill(40, ((y + dy) * width + ink.x1 + 6 + dx) * 3, ((y + dy) * width + ink.x1 + 7 + dx) * 3);
  const quality = { width, height, dpi: null, sharpness: 100, brightness: 220, clipped: 0, too_poor_to_judge: false };
  const page: PageImage = { page: 1, rgb, width, height, dpi: null, source: "image", quality, text: set.words };
  const box = {
    x: word.x - 4 / width,
    y: word.y - 4 / height,
    width: word.width + 20 / width,
    height: word.height + 8 / height,
  };
  return { page, box, ink };
}

describe("a figure read again alone", () => {
  afterAll(terminateOcr);

  it("leaves out a cell's dotted border beside the figure, and keeps its minus and its stop", () => {
    for (const figure of ["-157.42", "1,250.", "88"]) {
      const { page, box, ink } = cell(figure);
      const found = inkBox(page, box)!;
      expect(Math.round(found.x * page.width)).toBeLessThanOrEqual(ink.x0 + 3);
      expect(Math.round((found.x + found.width) * page.width)).toBeGreaterThanOrEqual(ink.x1 - 3);
      expect(Math.round((found.x + found.width) * page.width)).toBeLessThanOrEqual(ink.x1 + 3);
    }
  });

  it("reads the figure again surely with the border beside it", async () => {
    const { page, box } = cell("-157.42");
    await expectReadSurely(page, box, "-157.42");
  });

  it("reads at half the size a figure whose decimal point is lost enlarged", async () => {
    // "2,454" and "68" as page OCR read a photographed statement's credit (the kit's browser
    // renderer, phone capture); enlarged to 40-pixel glyphs it reads "2,45468" at confidence 0.
    const box = { x: 0.144, y: 0.32, width: 0.68, height: 0.36 };
    await expectReadSurely(await fixturePage("split-decimal.jpg"), box, "2,454.68");
  });

  it("takes whole a blurred glyph OCR's box cuts, and reads it surely", async () => {
    // A photographed statement's debit (the kit's browser renderer, phone capture) with the box
    // page OCR gave it, which ends inside the last digit's bowl; cut there, it read at confidence 48.
    const box = { x: 0.2972, y: 0.3748, width: 0.5746, height: 0.2811 };
    await expectReadSurely(await fixturePage("clipped-figure.jpg"), box, "-141.53");
  });
});

/** The figure in `box` read again as `text`, surely enough to settle a doubt. */
async function expectReadSurely(page: PageImage, box: Region, text: string): Promise<void> {
  const again = await readFigure(page, box);
  expect(again?.text).toBe(text);
  expect(again!.confidence).toBeGreaterThanOrEqual(60);
}

/** A photographed crop of a page from `fixtures/`. */
async function fixturePage(name: string): Promise<PageImage> {
  const file = path.join(import.meta.dirname, "fixtures", name);
  const { data, info } = await sharp(readFileSync(file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const quality = { width, height, dpi: null, sharpness: 100, brightness: 220, clipped: 0, too_poor_to_judge: false };
  return { page: 1, rgb: new Uint8Array(data), width, height, dpi: null, source: "image", quality, text: [] };
}

describe("inkBox", () => {
  it("finds the print inside a cell's box, leaving out the dark rule under it and the border beside it", () => {
    const [width, height] = [100, 40];
    const rgb = new Uint8Array(width * height * 3).fill(235);
    const paint = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) rgb.fill(20, (y * width + x) * 3, (y * width + x) * 3 + 3);
    };
    paint(20, 10, 24, 28); // a "1"
    paint(30, 10, 40, 13); // a "7"'s bar …
    paint(37, 13, 40, 28); // … and stem
    paint(0, 34, 100, 36); // the cell's rule
    paint(90, 0, 92, 40); // its border
    const box = inkBox({ rgb, width, height }, { x: 0, y: 0, width: 1, height: 1 })!;
    expect(box.x * width).toBeCloseTo(20);
    expect((box.x + box.width) * width).toBeCloseTo(40);
    expect(box.y * height).toBeCloseTo(10);
    expect((box.y + box.height) * height).toBeCloseTo(28);
    expect(inkBox({ rgb: new Uint8Array(width * height * 3).fill(235), width, height }, box)).toBeNull();
  });
});
