import { describe, expect, it } from "vitest";
import { histogramMedian, histogramQuantile, median, quantile } from "./stats";

describe("histogramMedian", () => {
  it("gives median() of the counted values, odd and even counts alike", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (const n of [1, 2, 3, 10, 101, 1000]) {
      const values = Array.from({ length: n }, () => next() % 256);
      const hist = new Uint32Array(256);
      for (const v of values) hist[v]!++;
      expect(histogramMedian(hist, n)).toBe(median(values));
    }
  });

  it("averages the two middle values of an even count", () => {
    const hist = new Uint32Array(256);
    hist[10] = 1;
    hist[13] = 1;
    expect(histogramMedian(hist, 2)).toBe(11.5);
  });

  it("is NaN with nothing counted, as median() of nothing is", () => {
    expect(histogramMedian(new Uint32Array(256), 0)).toBeNaN();
  });
});

describe("histogramQuantile", () => {
  it("gives quantile() of the counted values, at every quantile and count", () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (const n of [1, 2, 3, 10, 101, 1000]) {
      // Half-integers, as paper-tone's cell medians are: counted at twice their value.
      const values = Array.from({ length: n }, () => (next() % 512) / 2);
      const hist = new Uint32Array(512);
      for (const v of values) hist[v * 2]!++;
      for (const q of [0, 0.1, 0.5, 0.9, 0.95, 1]) {
        expect(histogramQuantile(hist, n, q, (i) => i / 2)).toBe(quantile(values, q));
      }
    }
  });

  it("is NaN with nothing counted, as quantile() of nothing is", () => {
    expect(histogramQuantile(new Uint32Array(8), 0, 0.5)).toBeNaN();
  });
});
