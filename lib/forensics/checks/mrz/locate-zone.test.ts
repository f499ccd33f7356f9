import { describe, expect, it } from "vitest";
import { components, locateZones } from "./locate-zone";

/** A mask drawn from rows of '#' (ink) and '.' (paper). */
function maskOf(rows: string[]): { mask: Uint8Array; width: number; height: number } {
  const width = rows[0]?.length ?? 0;
  const mask = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => [...row].forEach((c, x) => (mask[y * width + x] = c === "#" ? 1 : 0)));
  return { mask, width, height: rows.length };
}

describe("components", () => {
  it("joins the arms of a U met apart by the scan, diagonal touches included, boxes in scan order", () => {
    const { mask, width, height } = maskOf([
      "#...#..#",
      "#...#..#",
      "#...#.#.",
      "#####...",
      "........",
      "..#....#",
      ".#.....#",
    ]);
    const boxes = components(mask, width, height).map((g) => [g.x0, g.y0, g.x1, g.y1]);
    expect(boxes).toEqual([
      [0, 0, 5, 4],
      [6, 0, 8, 3],
      [1, 5, 3, 7],
      [7, 5, 8, 7],
    ]);
  });

  it("counts thousands of separate specks (more labels than its first table holds)", () => {
    const width = 200;
    const height = 60;
    const mask = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 2) for (let x = 0; x < width; x += 2) mask[y * width + x] = 1;
    const boxes = components(mask, width, height);
    expect(boxes).toHaveLength(100 * 30);
    expect(boxes[0]).toMatchObject({ x0: 0, y0: 0, x1: 1, y1: 1 });
    expect(boxes.at(-1)).toMatchObject({ x0: 198, y0: 58, x1: 199, y1: 59 });
  });

  it("counts a row's cells step by step: a pitch of 31.6 px whose glyph centres fall on whole pixels is still 44 cells", () => {
    const width = 1600;
    const height = 260;
    const data = new Uint8Array(width * height).fill(235);
    for (const top of [60, 120]) {
      for (let i = 0; i < 44; i++) {
        const x0 = Math.round(95 + i * 31.6) - 7;
        for (let y = top; y < top + 24; y++) for (let x = x0; x < x0 + 14; x++) data[y * width + x] = 20;
      }
    }
    const zones = locateZones({ data, width, height });
    expect(zones.map((z) => z.lines.map((l) => [l.cells, Math.round(l.last.x)]))).toEqual([
      [
        [44, 1454],
        [44, 1454],
      ],
    ]);
  });
});
