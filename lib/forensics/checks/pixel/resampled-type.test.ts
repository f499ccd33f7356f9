import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import type { Grey } from "./raster";
import { pixelRegion } from "./raster";
import { analyseResampledType } from "./resampled-type";
import { resampledTypeFindings } from "./resampled-type-findings";

const W = 900;
const H = 640;
const PAPER = 255;
const INK = 0;

/**
 * A rendered page: rows of "words", each twelve upright stems and a crossbar whose edges fall
 * between pixels at every phase, drawn by area coverage as a rasteriser draws (black on white:
 * no ringing shows past either level).
 */
function render(): { g: Grey; words: TextItem[] } {
  const data = new Uint8Array(W * H).fill(PAPER);
  const cover = (x: number, y: number, c: number) => {
    const i = y * W + x;
    data[i] = Math.min(data[i]!, Math.round(PAPER + c * (INK - PAPER)));
  };
  const words: TextItem[] = [];
  let n = 0;
  for (let row = 0; row < 10; row++) {
    for (let col = 0; col < 4; col++, n++) {
      const x0 = 40 + col * 210;
      const y0 = 30 + row * 60;
      for (let s = 0; s < 12; s++) {
        const left = x0 + s * 12 + ((s * 7 + n * 5) % 17) / 17;
        const right = left + 3 + ((s * 5 + n) % 11) / 11;
        for (let y = y0; y < y0 + 30; y++)
          for (let x = Math.floor(left); x <= Math.ceil(right); x++)
            cover(x, y, Math.max(0, Math.min(1, Math.min(x + 1, right) - Math.max(x, left))));
      }
      // A crossbar: edges along columns, at its own phase.
      const top = y0 + 12 + (n % 9) / 9;
      for (let x = x0; x < x0 + 140; x++)
        for (let y = Math.floor(top); y <= Math.ceil(top + 3.4); y++)
          cover(x, y, Math.max(0, Math.min(1, Math.min(y + 1, top + 3.4) - Math.max(y, top))));
      words.push({
        text: `word${n}`,
        x: (x0 - 3) / W,
        y: (y0 - 3) / H,
        width: 150 / W,
        height: 36 / H,
        source: "ocr",
        confidence: 95,
      });
    }
  }
  return { g: { data, width: W, height: H }, words };
}

/** Keys' cubic (a = −0.5), the kernel of bicubic resizing. */
function keys(t: number): number {
  const a = Math.abs(t);
  if (a < 1) return 1.5 * a ** 3 - 2.5 * a ** 2 + 1;
  if (a < 2) return -0.5 * a ** 3 + 2.5 * a ** 2 - 4 * a + 2;
  return 0;
}

/**
 * What a splice does to word `k`: its box (with a margin) cut out, resized across by `factor` with
 * a bicubic kernel (widened when shrinking, as image editors do), and pasted back over the same
 * box, so that only its edges change, not where it stands. With `rows` < 1, only that share of its
 * rows from the top: a word with few stems to show it.
 */
function spliceWord(g: Grey, word: TextItem, factor: number, rows = 1): void {
  const x0 = Math.round(word.x * W) - 3;
  const x1 = Math.round((word.x + word.width) * W) + 3;
  const y0 = Math.round(word.y * H);
  const y1 = y0 + Math.round(word.height * H * rows);
  const srcW = x1 - x0;
  const dstW = Math.round(srcW * factor);
  const support = factor < 1 ? 2 / factor : 2;
  const scale = factor < 1 ? factor : 1;
  for (let y = y0; y < y1; y++) {
    const src = g.data.slice(y * W + x0, y * W + x1);
    for (let x = 0; x < Math.min(dstW, srcW); x++) {
      const centre = (x + 0.5) / factor - 0.5;
      let sum = 0;
      let weight = 0;
      for (let i = Math.floor(centre - support); i <= Math.ceil(centre + support); i++) {
        const k = keys((i - centre) * scale);
        sum += k * src[Math.max(0, Math.min(srcW - 1, i))]!;
        weight += k;
      }
      g.data[y * W + x0 + x] = Math.max(0, Math.min(255, Math.round(sum / weight)));
    }
  }
}

const toRegion = (x0: number, y0: number, x1: number, y1: number) => pixelRegion(x0, y0, x1, y1, W, H);
const TARGET = 17;

describe("resampled type", () => {
  it("finds nothing on a page drawn by its rasteriser alone", () => {
    const { g, words } = render();
    const result = analyseResampledType(g, words);
    expect(result.wordsMeasured).toBe(40);
    expect(result.deviations).toEqual([]);
  });

  it.each([1.2, 0.8, 1.04])("finds the word resized across by %s after it was drawn", (factor) => {
    const { g, words } = render();
    spliceWord(g, words[TARGET]!, factor);
    const result = analyseResampledType(g, words);
    expect(result.deviations.map((d) => d.text)).toEqual([`word${TARGET}`]);
  });

  it("finds no word apart on a page whose type was all resized alike", () => {
    const { g, words } = render();
    for (const w of words) spliceWord(g, w, 1.2);
    expect(analyseResampledType(g, words).deviations).toEqual([]);
  });

  it("counts on the holder's data in full and only notes the pre-printed form", () => {
    const { g, words } = render();
    spliceWord(g, words[TARGET]!, 1.2);
    const result = analyseResampledType(g, words);
    const onField = resampledTypeFindings(1, result, toRegion, () => true);
    expect(onField).toHaveLength(1);
    expect(onField[0]!.check).toBe("pixel.resampled_type");
    expect(onField[0]!.severity).toBe("medium");
    expect(resampledTypeFindings(1, result, toRegion, () => false)[0]!.severity).toBe("info");
  });

  it("takes a whole value of the holder's words resampled for a cut-out pasted in (high), not a part of one", () => {
    const { g, words } = render();
    const name = [words[TARGET - 1]!, words[TARGET]!];
    for (const w of name) spliceWord(g, w, 1.2);
    const result = analyseResampledType(g, words);
    const box = (w: TextItem) => ({
      x0: w.x * W,
      y0: w.y * H,
      x1: (w.x + w.width) * W,
      y1: (w.y + w.height) * H,
    });
    const whole = resampledTypeFindings(1, result, toRegion, () => true, name.map(box));
    expect(whole).toHaveLength(1);
    expect(whole[0]).toMatchObject({ severity: "high", evidence: { whole_holder_value: true, words: 2 } });
    // One of its two words not the holder's (a caption resampled with it): medium, as before.
    const part = resampledTypeFindings(1, result, toRegion, () => true, [box(name[1]!)]);
    expect(part[0]!.severity).toBe("medium");
  });

  it("takes a word beside a resampled one into its value where the two pooled stand apart, and not a word of the page's type", () => {
    const { g, words } = render();
    const [given, surname] = [words[TARGET - 1]!, words[TARGET]!];
    spliceWord(g, surname, 0.8);
    spliceWord(g, given, 0.8, 0.8);
    const alone = analyseResampledType(g, [...words.filter((w) => w !== surname)]);
    expect(alone.deviations.map((d) => d.text)).toEqual([]);
    expect(
      analyseResampledType(g, words)
        .deviations.map((d) => d.text)
        .sort(),
    ).toEqual([given.text, surname.text].sort());
    // Its neighbour drawn by the page's rasteriser stays apart.
    const clean = render();
    spliceWord(clean.g, clean.words[TARGET]!, 0.8);
    expect(analyseResampledType(clean.g, clean.words).deviations.map((d) => d.text)).toEqual([`word${TARGET}`]);
  });
});
