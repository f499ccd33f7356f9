import { beforeAll, describe, expect, it } from "vitest";
import { analyseCopyMove } from "./copy-move";
import { readLumaTable } from "./jpeg-tables";
import { analyseNoise } from "./noise";
import type { Grey } from "./raster";
import { requantisedAgreement, requantisedClones } from "./requantised-copy";
import { applyLook, decodeGrey, encodeJpeg, paste, renderDocument } from "@/tests/forensics-support/pixel-fixtures";

// The title's first word with its paper, and where it lands: an odd shift, off the 8×8 grid.
const source = { x: 118, y: 124, width: 160, height: 50 };
const target = { x: 435, y: 1065 };
const shift: [number, number] = [target.x - source.x, target.y - source.y];
const box = { x0: source.x, y0: source.y, x1: source.x + source.width, y1: source.y + source.height };

describe("a word cloned on a phone photo, saved as JPEG, against the same word printed twice", () => {
  let clone: { g: Grey; table: Float64Array };
  let twin: { g: Grey; table: Float64Array };
  beforeAll(async () => {
    const page = renderDocument(2);
    // Clone: photographed, then the word copied with its paper, then saved.
    const photo = await applyLook(page, "phone", 7);
    const cloned = await encodeJpeg(paste(photo, photo, source, target.x, target.y), 90);
    // Twin: the very same render of the word printed at both places (one sub-pixel phase), then
    // photographed: the glyphs agree as well as a clone's, the noise does not.
    const printedTwice = await encodeJpeg(
      await applyLook(paste(page, page, source, target.x, target.y), "phone", 7),
      90,
    );
    clone = { g: await decodeGrey(cloned), table: readLumaTable(cloned)! };
    twin = { g: await decodeGrey(printedTwice), table: readLumaTable(printedTwice)! };
  }, 60_000);

  it("gives back the copy's coefficients from the clone's source, and not from the other print", () => {
    const cloned = requantisedAgreement(clone.g, clone.table, box, shift);
    const printed = requantisedAgreement(twin.g, twin.table, box, shift);
    expect(cloned.blocks).toBeGreaterThan(60);
    expect(cloned.agreeing).toBeGreaterThanOrEqual(20);
    expect(cloned.agreeing).toBeGreaterThanOrEqual(0.25 * cloned.judged);
    expect(printed.agreeing).toBeLessThan(10);
  });

  it("reports the clone through copy-move with the file's table, and nothing on the twin", () => {
    const run = (p: { g: Grey; table: Float64Array }) =>
      analyseCopyMove(p.g, {
        scale: 1,
        pageNoiseSigma: analyseNoise(p.g, { rowStep: 3 }).pageSigma,
        maxCandidates: 300,
        lumaTable: p.table,
      });
    const found = run(clone).regions;
    expect(
      found.some(
        (r) => Math.abs(Math.abs(r.shift[0]) - shift[0]) <= 2 && Math.abs(Math.abs(r.shift[1]) - shift[1]) <= 2,
      ),
    ).toBe(true);
    expect(run(twin).regions).toEqual([]);
  });
});

describe("requantisedClones", () => {
  const at = (dx: number, dy: number, agreeing: number, judged = 60) => ({
    shift: [dx, dy] as [number, number],
    agreement: { blocks: 80, judged, agreeing },
  });
  it("takes a shift whose blocks agree far more than at any other shift of the page", () => {
    expect(requantisedClones([at(317, 941, 30), at(56, 0, 5), at(-12, 300, 2)])).toEqual([true, false, false]);
  });
  it("does not take it where another shift of the page agrees nearly as well, or where too few blocks agree", () => {
    expect(requantisedClones([at(317, 941, 30), at(56, 0, 16)])).toEqual([false, false]);
    expect(requantisedClones([at(317, 941, 15), at(56, 0, 1)])).toEqual([false, false]);
  });
  it("does not take a repeat whose agreeing blocks are a small share of those it judged", () => {
    // A scanned table's column of dates: their shared digits agree, the day's digits do not.
    expect(requantisedClones([at(-2, 219, 65, 543), at(56, 0, 5)])).toEqual([false, false]);
    // The same count over a copy's own few blocks is a clone.
    expect(requantisedClones([at(-2, 219, 65, 90), at(56, 0, 5)])).toEqual([true, false]);
  });
  it("counts a shift and its opposite, or a neighbouring shift, as one pair of copies", () => {
    expect(requantisedClones([at(317, 941, 30), at(-317, -941, 29), at(318, 940, 25)])[0]).toBe(true);
  });
});
