import { describe, expect, it } from "vitest";
import { darkMask, type Grey } from "./binarise";

/** The local-mean threshold as defined: each pixel against the mean of its clipped window. */
function reference(image: Grey, window: number): Uint8Array {
  const { data, width, height } = image;
  const half = Math.floor(window / 2);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - half); yy < Math.min(height, y + half + 1); yy++)
        for (let xx = Math.max(0, x - half); xx < Math.min(width, x + half + 1); xx++) {
          sum += data[yy * width + xx] as number;
          n++;
        }
      const mean = sum / n;
      const v = data[y * width + x] as number;
      if (v < mean * 0.85 && v < mean - 12) mask[y * width + x] = 1;
    }
  return mask;
}

describe("darkMask", () => {
  it("marks exactly the pixels darker than their window's mean, at the edges too", () => {
    let seed = 5;
    const width = 61;
    const height = 43;
    const data = Uint8Array.from(
      { length: width * height },
      () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 256,
    );
    const image = { data, width, height };
    for (const window of [3, 15, 16]) expect(darkMask(image, window)).toEqual(reference(image, window));
  });

  it("marks nothing on flat paper", () => {
    const image = { data: new Uint8Array(40 * 30).fill(230), width: 40, height: 30 };
    expect(darkMask(image, 15).every((v) => v === 0)).toBe(true);
  });
});
