import { describe, expect, it } from "vitest";
import type { TextItem } from "../../context";
import { findCutGlyphs } from "./cut-glyphs";
import { toGrey } from "./raster";
import { typesetPage, type SetLine, type TypesetPage } from "@/tests/forensics-support/typeset-fixtures";

/** A payslip's key-value rows, the holder's name as the first value. */
const rows = (name: string[], size = 30): SetLine[] => [
  { size: 30, words: [{ text: "Cobalt" }, { text: "Systems" }, { text: "Payslip" }] },
  {
    size: 24,
    words: [
      { text: "Employee" },
      ...name.map((text, i) => ({ text, bold: true, size, at: i === 0 ? 400 : undefined })),
    ],
  },
  { size: 24, words: [{ text: "Position" }, { text: "Analyst", at: 400 }] },
  { size: 24, words: [{ text: "Payment" }, { text: "date" }, { text: "28/08/2026", at: 400 }] },
];

const holder = (set: TypesetPage) => {
  const caption = set.words.find((w) => w.text === "Employee")!;
  return (w: TextItem) => Math.abs(w.y - caption.y) < caption.height && w.x > caption.x + caption.width;
};

const cuts = (set: TypesetPage) =>
  findCutGlyphs(toGrey(set.page.rgb, set.page.width, set.page.height), set.words, holder(set));

/**
 * The name painted over with white from `keep` pixels under its ink's top down, and another name
 * typed in the patch (smaller, unless `typedSize` says otherwise); OCR reads the new name's box up
 * to the slivers left above it.
 */
function retyped(name: string[], keep: number, typed: string[], typedSize = 18): TypesetPage {
  const genuine = typesetPage(rows(name));
  const small = typesetPage(rows(typed, typedSize));
  const { width } = genuine.page;
  const old = genuine.words.filter(holder(genuine));
  const x0 = Math.round(Math.min(...old.map((w) => w.x)) * width);
  const x1 = Math.round(Math.max(...old.map((w) => w.x + w.width)) * width);
  const y1 = Math.round(Math.max(...old.map((w) => w.y + w.height)) * genuine.page.height);
  const rgb = Uint8Array.from(genuine.page.rgb);
  let inkTop = Math.round(Math.min(...old.map((w) => w.y)) * genuine.page.height);
  const inked = (y: number) => rgb.subarray((y * width + x0) * 3, (y * width + x1) * 3).some((v) => v < 128);
  while (inkTop < y1 && !inked(inkTop)) inkTop++;
  const y0 = inkTop + keep;
  for (let y = y0; y < y1; y++) rgb.fill(255, (y * width + x0) * 3, (y * width + x1) * 3);
  // The new name's ink from the page it was typed on, over the patch.
  const fresh = small.words.filter(holder(small));
  for (const w of fresh) {
    const bx0 = Math.round(w.x * width);
    const bx1 = Math.round((w.x + w.width) * width);
    for (let y = Math.round(w.y * small.page.height); y < Math.round((w.y + w.height) * small.page.height); y++) {
      for (let x = bx0; x < bx1; x++) {
        const i = (y * width + x) * 3;
        if ((small.page.rgb[i] as number) < 200 && y >= y0 && y < y1) rgb.set(small.page.rgb.subarray(i, i + 3), i);
      }
    }
  }
  const top = y0 - keep;
  const words = [
    ...genuine.words.filter((w) => !holder(genuine)(w)),
    ...fresh.map((w) => ({ ...w, y: top / genuine.page.height, height: w.y + w.height - top / genuine.page.height })),
  ];
  return { page: { ...genuine.page, rgb }, words };
}

describe("cut letter tops over the holder's data", () => {
  it("finds the tops of a painted-over name left above the name typed in its place, and nothing on the genuine page", () => {
    expect(cuts(typesetPage(rows(["Zofia", "Dubois"])))).toEqual([]);
    const forged = retyped(["Zofia", "Dubois"], 5, ["Ines", "Dubois"]);
    const found = cuts(forged);
    expect(found).toHaveLength(1);
    expect(found[0]!.pieces).toBeGreaterThanOrEqual(3);
    expect(found[0]!.tallest).toBeLessThanOrEqual(6);
  });

  it("finds the old tops left over a name cut from a page in the same type, where they touch its capitals", () => {
    // The cut-out's edge one or two rows under the old letters' tops: the old capitals' and
    // ascenders' top rows stay, on the row above the new capitals, and join those they stand on.
    for (const keep of [1, 2]) {
      const found = cuts(retyped(["Elif", "Haddad"], keep, ["Tomasz", "Silva"], 30));
      expect(found).toHaveLength(1);
      expect(found[0]!.tallest).toBeLessThanOrEqual(keep + 1);
    }
  });

  it("finds nothing where the patch covered the old letters whole", () => {
    expect(cuts(retyped(["Zofia", "Dubois"], 0, ["Ines", "Dubois"]))).toEqual([]);
  });

  it("finds nothing over a name in capitals whose accents and dots stand over its letters", () => {
    expect(cuts(typesetPage(rows(["ÉLODIE", "MÜLLER-ÅSTRÖM"])))).toEqual([]);
    expect(cuts(typesetPage(rows(["Łukasz", "Öztürk-Ibáñez"])))).toEqual([]);
    for (const size of [18, 24, 30, 40]) {
      expect(cuts(typesetPage(rows(["HÉLÈNE", "BÉRÉNICE-LÉVÊQUE"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["ĀRIJA", "ŪDRE-ĒRGLE"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["JÜRGEN", "MÜLLER-ÖZTÜRK"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["ÅSA", "ÄÄRELÄ-ÑÚÑEZ"], size)))).toEqual([]);
    }
  });

  it("finds nothing over names whose small letters carry accents, dots and carons", () => {
    for (const size of [14, 18, 24, 30, 40]) {
      expect(cuts(typesetPage(rows(["Tomáš", "Šťastný-Dvořák"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["Íñigo", "Martínez-Ruíz"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["Nguyễn", "Thị Ánh"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["Zoë", "Brontë-Čović"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["Jiří", "Żółkiewski"], size)))).toEqual([]);
      // Dots of i and j, which may stand off their stem's middle by a pixel.
      expect(cuts(typesetPage(rows(["Dimitri", "Ljiljić-Mišić"], size)))).toEqual([]);
      expect(cuts(typesetPage(rows(["Iwini", "Fijnijj"], size)))).toEqual([]);
    }
  });
});
