// Locating and preparing the band for its own reading (the OCR itself is exercised by the
// synthetic twins).
import { describe, expect, it } from "vitest";
import { makeContext } from "../content/testing-context";
import { bandRegion, otsuThreshold, padNameLines } from "./read-band";

describe("bandRegion", () => {
  it("finds the zone from a line page OCR garbled, widened to take in the lines it missed", () => {
    const ctx = makeContext({
      docType: "passport",
      pages: [
        {
          source: "ocr",
          rows: ["PASSPORT", "Surname MARTIN", "Given names LUCAS", "", "", "P<ESPKEI LER<<IUCAS<ccccccec oo", ""],
        },
      ],
    });
    const page = ctx.pages[0]!;
    const zoneRow = page.text.find((t) => t.text.startsWith("P<ESP"))!;
    const band = bandRegion(page)!;
    expect(band.y).toBeLessThan(zoneRow.y);
    // Two lines' worth below the garbled line, where the rest of the zone lies.
    expect(band.y + band.height).toBeGreaterThan(zoneRow.y + zoneRow.height * 3);
    expect(band.x).toBeLessThan(zoneRow.x);
  });

  it("finds nothing on a page without zone-like text, or on a text layer", () => {
    const plain = makeContext({ pages: [{ source: "ocr", rows: ["PASSPORT", "Surname MARTIN"] }] });
    expect(bandRegion(plain.pages[0]!)).toBeNull();
    const layer = makeContext({ pages: [{ source: "pdf", rows: ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"] }] });
    expect(bandRegion(layer.pages[0]!)).toBeNull();
  });
});

describe("otsuThreshold", () => {
  it("splits ink from paper", () => {
    const grey = new Uint8Array([...Array<number>(300).fill(235), ...Array<number>(100).fill(40)]);
    const t = otsuThreshold(grey);
    expect(t).toBeGreaterThanOrEqual(40);
    expect(t).toBeLessThan(235);
  });
});

describe("padNameLines", () => {
  it("pads a name line cut short in its fillers to the length of the zone line beside it", () => {
    const read = ["JACIAHE", "I<SWELL03022716<<<<<<<<<<<<<", "0009025F3107047SWE<<<<<<<<<<<", "SILVA<<INGRID<<<"];
    const padded = padNameLines(read);
    expect(padded[3]).toBe("SILVA<<INGRID<<<<<<<<<<<<<<<<<");
    expect(padded.slice(0, 3)).toEqual(read.slice(0, 3));
    // A short line that is not a name line (no surname separator) is left alone.
    expect(padNameLines(["I<SWELL03022716<<<<<<<<<<<<<<<", "0009025F31"])).toEqual([
      "I<SWELL03022716<<<<<<<<<<<<<<<",
      "0009025F31",
    ]);
  });
});
