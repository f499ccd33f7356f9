// Locating and preparing the band for its own reading (the OCR itself is exercised by the
// synthetic twins).
import { describe, expect, it } from "vitest";
import { makeContext } from "@/tests/forensics-support/content-context";
import { otsuThreshold } from "./binarise";
import { bandRegion, padNameLines } from "./read-band";

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

describe("bandRegion on a zone line read in part", () => {
  const page = (row: string) =>
    makeContext({ docType: "id_card", pages: [{ source: "ocr", rows: ["IDENTITY CARD", "", [[0.4, row]]] }] })
      .pages[0]!;

  it("widens the band to the whole line the part belongs to, on both sides", () => {
    // 18 of a TD1 line's 30 characters, read at x 0.4: the other 12 may lie left or right.
    const part = "148AUT<<<<<<<<cccp";
    const width = part.length * 0.008;
    const band = bandRegion(page(part))!;
    const unread = (12 * width) / 18;
    expect(band.x).toBeLessThanOrEqual(0.4 - unread);
    expect(band.x + band.width).toBeGreaterThanOrEqual(0.4 + width + unread);
  });

  it("keeps a whole line's band close around it", () => {
    const whole = "7706231M3101148AUT<<<<<<<<<<<0";
    const band = bandRegion(page(whole))!;
    expect(band.x).toBeCloseTo(0.4 - 0.04, 5);
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
