import { describe, expect, it } from "vitest";
import { combinedReading } from "./combine-readings";
import type { MrzBlock } from "./find-mrz";
import { parseMrz } from "./parse-mrz";

// ICAO 9303 part 4 specimen (Utopia), and the same zone with its document number changed and
// neither its check digit nor the composite recomputed.
const TD3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const ALTERED = [TD3[0]!, TD3[1]!.replace("L898902C3", "L898912C3")];

const reading = (lines: string[], pass: MrzBlock["pass"] = "band"): MrzBlock => ({
  page: 1,
  lines,
  region: { x: 0, y: 0.8, width: 1, height: 0.2 },
  confidence: 60,
  ocr: true,
  pass,
});

const settles = (block: MrzBlock | null) => {
  const mrz = block && parseMrz(block.lines, { fromOcr: true });
  return mrz !== null && mrz.checks.every((c) => c.valid);
};

describe("combinedReading", () => {
  it("settles a zone whose name line one pass garbled and whose data line another pass misread", () => {
    const geometry = reading([TD3[0]!, TD3[1]!.replace("ZE184226B", "ZE1842Z6B")], "geometry");
    // Fillers read as S and C break the name line's length: this pass fits no layout on its own.
    const band = reading(["PSUTOERIKSSON<CCSANNA<MARIA<CCCC<CCCCC<CCCCCCL", TD3[1]!]);
    expect(parseMrz(band.lines, { fromOcr: true })).toBeNull();
    const combined = combinedReading([geometry, band]);
    expect(combined?.pass).toBe("combined");
    expect(combined?.lines[1]).toBe(TD3[1]);
    expect(settles(combined)).toBe(true);
  });

  it("takes a line read with its trailing fillers miscounted as in place, and keeps a faint name faint", () => {
    const TD1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
    // A phone photo: the glyph reading misread the number and read the name's glyphs faintly; the
    // band reading got the data right, with two fillers too many read as L, and garbled the name.
    const geometry = (faintName: boolean) => ({
      ...reading([TD1[0]!.replace("458", "45B"), TD1[1]!, "ERIKSS0N<<ANMA<MARLA<<<<<<<<<<"], "geometry"),
      faintName,
    });
    const band = reading(["I<UTOD231458907<<LLLLLLLLLLLLKLL", TD1[1]!, "ERIKSSON<K<ANNA<MARIA<K<KLLLLLLKKKLKL"]);
    const combined = combinedReading([geometry(true), band]);
    expect(combined?.lines.slice(0, 2)).toEqual(TD1.slice(0, 2));
    expect(settles(combined)).toBe(true);
    // Its name line is the glyph reading's, as faint as it was there; from a clear one, it is not.
    expect(combined?.lines[2]).toBe("ERIKSSON<<ANMA<MARLA<<<<<<<<<<");
    expect(combined?.faintName).toBe(true);
    expect(combinedReading([geometry(false), band])?.faintName).toBeUndefined();
  });

  it("never settles an altered zone: every pass that reads the changed number reads it failing", () => {
    const geometry = reading([ALTERED[0]!.replace("ERIKSSON", "ERIKSS0N"), ALTERED[1]!], "geometry");
    const band = reading(["PSUTOERIKSSON<CCSANNA<MARIA<CCCC<CCCCC<CCCCCCL", ALTERED[1]!]);
    const page = reading([ALTERED[0]!, ALTERED[1]!.replace("7408122", "74O8122")], "page");
    expect(combinedReading([geometry, band, page])).toBeNull();
  });

  it("takes a check digit one pass did not see from another that read it at the same place", () => {
    // The composite read as E in one pass; another pass lost a character early in the line but
    // read the end of it, and the two characters before the digit agree.
    const first = reading([TD3[0]!, TD3[1]!.replace(/10$/, "1E")]);
    const second = reading([TD3[0]!.replace("ANNA", "ANMA"), TD3[1]!.replace("UTO", "UT").replace(/10$/, "10")]);
    const combined = combinedReading([first, second]);
    expect(combined?.lines[1]).toBe(TD3[1]);
    expect(settles(combined)).toBe(true);
    // Where the characters before it differ, the digit was read somewhere else, and is not taken.
    const elsewhere = reading([TD3[0]!.replace("ANNA", "ANMA"), "X".repeat(40) + "3940"]);
    expect(combinedReading([first, elsewhere])).toBeNull();
  });

  it("asks for two readings, and leaves a zone one reading already settles to that reading", () => {
    expect(combinedReading([reading(TD3)])).toBeNull();
    expect(combinedReading([reading(TD3), reading(TD3, "geometry")])).toBeNull();
  });
});
