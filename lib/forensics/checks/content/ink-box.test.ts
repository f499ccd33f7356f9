import { createRequire } from "node:module";
import path from "node:path";
import { GlobalFonts, createCanvas } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import type { PageImage } from "../../context";
import { terminateOcr } from "../../pipeline/ocr";
import { inkBox } from "./ink-box";
import { readFigure } from "./reread-figures";

const require = createRequire(import.meta.url);
const FONT = path.join(
  path.dirname(require.resolve("pdfjs-dist/package.json")),
  "standard_fonts",
  "LiberationSans-Regular.ttf",
);
GlobalFonts.registerFromPath(FONT, "ink-box-sans");

/** A statement's amount cell: the figure at 40 px, with a cell's dotted border `gap` pixels after it. */
function cell(figure: string, gap: number | null): { page: PageImage; figure: { x0: number; x1: number } } {
  const width = 400;
  const height = 120;
  const canvas = createCanvas(width, height);
  const c = canvas.getContext("2d");
  c.fillStyle = "#fff";
  c.fillRect(0, 0, width, height);
  c.fillStyle = "#222";
  c.font = "40px ink-box-sans";
  c.fillText(figure, 100, 75);
  const x1 = 100 + Math.ceil(c.measureText(figure).width);
  if (gap !== null) for (let y = 0; y < height; y += 9) c.fillRect(x1 + gap, y, 2, 4);
  const rgba = c.getImageData(0, 0, width, height).data;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(rgba.subarray(i * 4, i * 4 + 3), i * 3);
  const page = { page: 1, width, height, rgb, source: "image" } as unknown as PageImage;
  return { page, figure: { x0: 100, x1 } };
}

/** The box OCR gives the figure, reaching over the border beside it. */
const ocrBox = (page: PageImage) => ({
  x: 95 / page.width,
  y: 35 / page.height,
  width: 250 / page.width,
  height: 50 / page.height,
});

describe("a figure's own ink", () => {
  afterAll(terminateOcr);

  it("leaves out a cell's dotted border beside the figure, and keeps its minus and its stop", () => {
    for (const figure of ["-157.42", "1,250.", "88"]) {
      const { page, figure: ink } = cell(figure, 6);
      const box = inkBox(page, ocrBox(page))!;
      expect(Math.round(box.x * page.width)).toBeLessThanOrEqual(ink.x0 + 4);
      expect(Math.round((box.x + box.width) * page.width)).toBeLessThanOrEqual(ink.x1 + 2);
      expect(Math.round((box.x + box.width) * page.width)).toBeGreaterThanOrEqual(ink.x1 - 8);
    }
  });

  it("reads the figure again surely with the border beside it", async () => {
    const { page } = cell("-157.42", 6);
    const again = await readFigure(page, ocrBox(page));
    expect(again?.text).toBe("-157.42");
    expect(again!.confidence).toBeGreaterThanOrEqual(60);
  });
});
