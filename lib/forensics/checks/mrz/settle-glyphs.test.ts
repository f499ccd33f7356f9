import { describe, expect, it } from "vitest";
import type { CellReading } from "./read-cells";
import { settleZone } from "./settle-glyphs";

// ICAO 9303's specimen passport, every check digit holding.
const ZONE = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];

/** Cells read clearly as the zone prints them; trailing fillers as cells with no ink. */
function rowsOf(lines: readonly string[]): CellReading[][] {
  return lines.map((line) =>
    [...line].map((ch, i) =>
      ch === "<" && /^<*$/.test(line.slice(i))
        ? { candidates: [{ ch: "<", score: 0 }] }
        : {
            candidates: [
              { ch, score: 0.9 },
              { ch: ch === "X" ? "K" : "X", score: 0.3 },
            ],
          },
    ),
  );
}

describe("settling a zone read from its glyphs", () => {
  it("says when a glyph of the name matched no template well: the name has no check digit to catch it", () => {
    const clean = settleZone(rowsOf(ZONE));
    expect(clean.lines).toEqual(ZONE);
    expect(clean.faintName).toBe(false);
    // A cell cut across two glyphs of the given names: read as an O, unlike it.
    const rows = rowsOf(ZONE);
    (rows[0] as CellReading[])[16] = {
      candidates: [
        { ch: "O", score: 0.1 },
        { ch: "D", score: 0.05 },
      ],
    };
    const cut = settleZone(rows);
    expect(cut.lines[0]).toBe("P<UTOERIKSSON<<AONA<MARIA<<<<<<<<<<<<<<<<<<<");
    expect(cut.faintName).toBe(true);
    // The same faint cell in the document number is the check digits' to settle, not the name's.
    const number = rowsOf(ZONE);
    (number[1] as CellReading[])[2] = {
      candidates: [
        { ch: "8", score: 0.1 },
        { ch: "3", score: 0.05 },
      ],
    };
    expect(settleZone(number).faintName).toBe(false);
  });
});
