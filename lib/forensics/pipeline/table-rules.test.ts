import { describe, expect, it } from "vitest";
import { eraseTableRules } from "./table-rules";

const W = 1000;
const H = 1400;

function page(paper = 250): Uint8Array {
  return new Uint8Array(W * H).fill(paper);
}

function fill(img: Uint8Array, x0: number, y0: number, x1: number, y1: number, v = 20): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img[y * W + x] = v;
}

/** "Letters": stems 3 px wide and 22 px tall with a bar, a word every 60 px. */
function words(img: Uint8Array, x0: number, x1: number, baseline: number): void {
  for (let x = x0; x + 40 < x1; x += 60) {
    for (let k = 0; k < 3; k++) {
      const sx = x + k * 12;
      fill(img, sx, baseline - 22, sx + 3, baseline);
    }
    fill(img, x, baseline - 12, x + 27, baseline - 9);
  }
}

/** A bordered table: 6 rows of 40 px, 3 columns, 2 px grey rules, a word in every cell. */
function table(img: Uint8Array): { top: number; bottom: number; cols: number[] } {
  const top = 300;
  const cols = [100, 400, 650, 900];
  const rows = 6;
  for (let r = 0; r <= rows; r++) fill(img, cols[0]!, top + r * 40, cols[3]! + 2, top + r * 40 + 2, 140);
  for (const c of cols) fill(img, c, top, c + 2, top + rows * 40 + 2, 140);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < 3; c++) words(img, cols[c]! + 10, cols[c + 1]! - 10, top + r * 40 + 31);
  }
  return { top, bottom: top + rows * 40, cols };
}

// Vitest's toEqual walks a 1.4-megapixel array element by element (9 s a test); the bytes compare in a moment.
function expectUnchanged(img: Uint8Array, before: Uint8Array): void {
  expect(Buffer.compare(img, before), "the page was changed").toBe(0);
}

const dark = (img: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if ((img[y * W + x] as number) < 200) n++;
  return n;
};

describe("eraseTableRules", () => {
  it("erases a bordered table's rules and keeps the letters in its cells", () => {
    const img = page();
    const { top, bottom, cols } = table(img);
    const lettersBefore = dark(img, 112, top + 9, 380, top + 31);
    const erased = eraseTableRules(img, W, H);
    expect(erased.horizontal).toBe(7);
    expect(erased.vertical).toBeGreaterThanOrEqual(4);
    // No rule left: the rows between the cells and the borders are paper again.
    expect(dark(img, cols[0]!, top, cols[3]!, top + 2)).toBe(0);
    expect(dark(img, cols[1]!, top + 3, cols[1]! + 2, bottom)).toBe(0);
    // Every stroke of every letter is still there.
    expect(dark(img, 112, top + 9, 380, top + 31)).toBe(lettersBefore);
  });

  it("leaves a page without a table as it is: tall stems, a signature line, a frame", () => {
    const img = page(235);
    // Display type: stems 8 px wide and 120 px tall (an ID card's name, a title).
    for (let x = 100; x < 800; x += 40) fill(img, x, 200, x + 8, 320);
    // One long rule (a signature line) and a two-line frame.
    fill(img, 100, 900, 700, 902);
    fill(img, 50, 50, 950, 52);
    fill(img, 50, 1300, 950, 1302);
    fill(img, 50, 50, 52, 1302);
    fill(img, 948, 50, 950, 1302);
    words(img, 100, 900, 500);
    const before = Uint8Array.from(img);
    expect(eraseTableRules(img, W, H)).toEqual({ horizontal: 0, vertical: 0 });
    expectUnchanged(img, before);
  });

  it("erases the dark rule under a table's header when its rows are parted by faint rules", () => {
    const img = page();
    const top = 300;
    // A header row, a dark 2 px rule under it, then rows parted by rules in a light tint (225 on 250
    // paper: never ink), as bank statements and bills print them.
    words(img, 110, 880, top - 8);
    fill(img, 100, top, 900, top + 2, 60);
    for (let r = 1; r <= 5; r++) fill(img, 100, top + r * 40, 900, top + r * 40 + 1, 225);
    for (let r = 0; r < 5; r++) words(img, 110, 880, top + r * 40 + 31);
    const lettersBefore = dark(img, 100, top + 9, 900, top + 31);
    expect(eraseTableRules(img, W, H).horizontal).toBe(1);
    expect(dark(img, 100, top, 900, top + 2)).toBe(0);
    expect(dark(img, 100, top + 9, 900, top + 31)).toBe(lettersBefore);
  });

  it("keeps a lone dark rule under a heading when no faint rules make a table of it", () => {
    const img = page();
    words(img, 110, 880, 292);
    fill(img, 100, 300, 900, 302, 60);
    for (let r = 0; r < 5; r++) words(img, 110, 880, 300 + r * 40 + 31);
    const before = Uint8Array.from(img);
    expect(eraseTableRules(img, W, H)).toEqual({ horizontal: 0, vertical: 0 });
    expectUnchanged(img, before);
  });
});

/**
 * A page photographed askew: turned clockwise about its top left corner so its lines fall by
 * `slope`, and its borders lean as much the other way (the paper round it stays paper).
 */
function tilt(img: Uint8Array, slope: number, paper = 250): Uint8Array {
  const out = new Uint8Array(W * H).fill(paper);
  const angle = Math.atan(slope);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const u = Math.round(x * cos + y * sin);
      const v = Math.round(-x * sin + y * cos);
      if (u >= 0 && u < W && v >= 0 && v < H) out[y * W + x] = img[v * W + u] as number;
    }
  }
  return out;
}

describe("eraseTableRules on a page set askew", () => {
  it("finds the rules of a table tilted by 1.7 degrees, erases them, and keeps the letters", () => {
    const level = page();
    const { top } = table(level);
    const img = tilt(level, 0.03);
    // Letters of the first cell, tilted with the page (3 to 6 px lower here), clear of the next rule.
    const lettersBefore = dark(img, 112, top + 9, 200, top + 40);
    const erased = eraseTableRules(img, W, H);
    expect(erased.horizontal).toBe(7);
    // The top rule and the first column's border, followed along their slopes, are paper again.
    let left = 0;
    for (let x = 100; x < 890; x++)
      for (let dy = -1; dy <= 2; dy++) if (img[(top + Math.round(0.03 * x) + dy) * W + x]! < 200) left++;
    for (let y = top + 10; y < top + 230; y++)
      for (let dx = -2; dx <= 2; dx++) if (img[y * W + 100 - Math.round(0.03 * y) + dx]! < 200) left++;
    expect(left).toBe(0);
    expect(dark(img, 112, top + 9, 200, top + 40)).toBe(lettersBefore);
  });

  it("leaves a tilted page without a table as it is: lines of words and a signature line", () => {
    const level = page();
    for (let line = 0; line < 12; line++) words(level, 100, 900, 300 + line * 40);
    fill(level, 100, 900, 500, 902);
    const img = tilt(level, 0.03);
    const before = Uint8Array.from(img);
    expect(eraseTableRules(img, W, H)).toEqual({ horizontal: 0, vertical: 0 });
    expectUnchanged(img, before);
  });
});
