// The zone read from pixels alone: located by its geometry on a page OCR never read, tilted,
// read against the OCR-B glyphs, and its digits settled by ICAO 9303 — or, on its altered twin,
// failing on clear glyphs.
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PageImage } from "../../context";
import { parseMrz } from "./parse-mrz";
import type { CellReading } from "./read-cells";
import { settleZone } from "./settle-glyphs";
import { zonesByGeometry } from "./zone-by-geometry";

GlobalFonts.registerFromPath(path.join(import.meta.dirname, "ocr-b", "OCRB.otf"), "OCR-B test");

// ICAO 9303's specimen passport zone.
const SPECIMEN = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
// The same with the document number's 9 changed to 3, its check digit left as it was.
const ALTERED = [SPECIMEN[0] as string, "L838902C36UTO7408122F1204159ZE184226B<<<<<10"];

/**
 * A passport data page: a caption and prose above, the zone at the bottom, photographed at an angle.
 * `narrowing` draws the zone as a photo taken from its left: each glyph smaller and closer to the
 * last along the row, the last cell that share narrower than the first.
 */
function page(lines: readonly string[], degrees: number, narrowing = 0): PageImage {
  const width = 1400;
  const height = 950;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f4f1ea";
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = "#222";
  ctx.font = "34px sans-serif";
  ctx.fillText("PASSPORT  Surname / Nom  ERIKSSON", 120, 160);
  ctx.fillText("Given names  ANNA MARIA   Date of birth 12 AUG 1974", 120, 230);
  const pitch = 38 * 0.7;
  lines.forEach((line, i) =>
    [...line].forEach((ch, k) => {
      const t = k / (line.length - 1);
      const scale = 1 - narrowing * t;
      // The position is the sum of the cells before it, each as wide as its scale.
      const x = 100 + pitch * (k - (narrowing * k * k) / (2 * (line.length - 1)));
      ctx.font = `${(38 * scale).toFixed(1)}px OCR-B test`;
      ctx.fillText(ch, x, 760 + i * 70);
    }),
  );
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    rgb[i * 3] = rgba[i * 4] as number;
    rgb[i * 3 + 1] = rgba[i * 4 + 1] as number;
    rgb[i * 3 + 2] = rgba[i * 4 + 2] as number;
  }
  const quality = { width, height, dpi: null, sharpness: 100, brightness: 200, clipped: 0, too_poor_to_judge: false };
  return { page: 1, rgb, width, height, dpi: null, source: "image", quality, text: [] };
}

describe("zonesByGeometry", () => {
  it("locates and reads a tilted zone that page OCR never saw, every check digit holding", async () => {
    const [zone] = await zonesByGeometry(page(SPECIMEN, 2.5));
    expect(zone?.lines).toEqual(SPECIMEN);
    expect(zone?.region?.y).toBeGreaterThan(0.6);
    expect(parseMrz(zone?.lines ?? [], { fromOcr: false })?.checks.every((c) => c.valid)).toBe(true);
  });

  it("reads a zone whose cells narrow along the row, as perspective draws them on a photo", async () => {
    // Cut at one pitch from the first glyph, the cells of the middle fall half a cell off.
    const [zone] = await zonesByGeometry(page(SPECIMEN, 1, 0.12));
    expect(zone?.lines).toEqual(SPECIMEN);
  });

  it("reads an altered zone as printed: its digit fails on clear glyphs, not as a doubtful reading", async () => {
    const [zone] = await zonesByGeometry(page(ALTERED, 2.5));
    expect(zone?.lines).toEqual(ALTERED);
    const failed = parseMrz(zone?.lines ?? [], { fromOcr: false })
      ?.checks.filter((c) => !c.valid)
      .map((c) => c.check);
    expect(failed).toContain("document_number");
    expect(zone?.doubtful).not.toContain("document_number");
  });

  it("reads a zone placed as a picture on a page with a text layer, and leaves a layer that holds its zone to the layer", async () => {
    const text = (rows: string[]) =>
      rows.map((t, i) => ({
        text: t,
        x: 0.08,
        y: 0.1 + i * 0.05,
        width: 0.6,
        height: 0.03,
        source: "pdf" as const,
        confidence: 100,
      }));
    const typed = {
      ...page(SPECIMEN, 0),
      source: "pdf-text" as const,
      text: text(["PASSPORT", "Surname / Nom ERIKSSON"]),
    };
    // The classifier reads the layer only; the MRZ check reads the pixels of a layer without a zone.
    expect(await zonesByGeometry(typed)).toEqual([]);
    expect((await zonesByGeometry(typed, "without-zone"))[0]?.lines).toEqual(SPECIMEN);
    // Its twin, whose layer carries the zone as text: that text is the zone, no pixels are read.
    const layered = { ...page(SPECIMEN, 0), source: "pdf-text" as const, text: text(["PASSPORT", ...SPECIMEN]) };
    expect(await zonesByGeometry(layered, "without-zone")).toEqual([]);
  });

  it("finds no zone on a page of prose", async () => {
    expect(await zonesByGeometry(page([], 0))).toEqual([]);
  });
});

/** Cells that read `lines` with certainty, except where `ties` put another glyph first. */
function cells(lines: readonly string[], ties: Record<string, { first: string; runnerUp: number }>): CellReading[][] {
  return lines.map((line, li) =>
    [...line].map((ch, at) => {
      const tie = ties[`${li}:${at}`];
      return tie
        ? {
            candidates: [
              { ch: tie.first, score: 0.8 },
              { ch, score: tie.runnerUp },
            ],
          }
        : { candidates: [{ ch, score: 0.9 }] };
    }),
  );
}

describe("settleZone", () => {
  it("lets the check digit settle a letter the print left as close to a zero", () => {
    const zone = settleZone(
      cells(["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"], {
        "0:5": { first: "0", runnerUp: 0.7 },
      }),
    );
    expect(zone.lines[0]).toBe("I<UTOD231458907<<<<<<<<<<<<<<<");
    expect(zone.settled).toEqual([{ line: 0, at: 5, from: "0", to: "D" }]);
  });

  it("turns look-alike letters inside a number into digits, and leaves a clear failed digit failing", () => {
    const lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
    const read = settleZone(cells(lines, { "1:5": { first: "O", runnerUp: 0.75 } }));
    expect(read.lines).toEqual(lines);
    // Its twin: the 0 printed clearly as a 6 (an edit) is not a tie, so nothing settles it.
    const edited = settleZone(cells(lines, { "1:5": { first: "6", runnerUp: 0.1 } }));
    expect(edited.lines[1]).toBe("L898962C36UTO7408122F1204159ZE184226B<<<<<10");
    expect(edited.doubtful).toEqual([]);
  });

  it("does not hold a changed number's failing digit by turning a digit among digits into its look-alike letter", () => {
    // The number's first letter changed L -> T in the zone: its digit fails, and would hold by
    // coincidence were the clear 0 among the number's digits read as the O it resembles.
    const lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "T8989O2C36UTO7408122F1204159ZE184226B<<<<<10"];
    const zone = settleZone(cells(lines, { "1:5": { first: "0", runnerUp: 0.75 } }));
    expect(zone.lines[1]?.slice(0, 10)).toBe("T898902C36");
    expect(zone.settled).toEqual([]);
    // Its twin: a letter at a number's edge (D of D23145890, first read as 0) is still settled.
    const card = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
    expect(settleZone(cells(card, { "0:5": { first: "0", runnerUp: 0.7 } })).settled).toEqual([
      { line: 0, at: 5, from: "0", to: "D" },
    ]);
  });

  it("calls a failed digit doubtful when a glyph it covers matched no template well, not when one is of the wrong kind", () => {
    const lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
    // A letter printed where the birth date's digit belongs: clear, and the digit fails on it.
    const letter = cells(lines, {});
    (letter[1] as CellReading[])[15] = {
      candidates: [
        { ch: "A", score: 0.85 },
        { ch: "4", score: 0.3 },
      ],
    };
    expect(settleZone(letter).doubtful).toEqual([]);
    // The same digit smudged: nothing matched it well.
    const smudge = cells(lines, {});
    (smudge[1] as CellReading[])[15] = {
      candidates: [
        { ch: "6", score: 0.3 },
        { ch: "4", score: 0.28 },
      ],
    };
    expect(settleZone(smudge).doubtful).toContain("date_of_birth");
  });
});
