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

describe("a figure's own ink", () => {
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
    const again = await readFigure(page, box);
    expect(again?.text).toBe("-157.42");
    expect(again!.confidence).toBeGreaterThanOrEqual(60);
  });
});
