// MRZ presence decided in one place: a zone only the band reading finds still makes its expiry
// the MRZ check's alone, reported once.
import { describe, expect, it, vi } from "vitest";
import { makeContext } from "@/tests/forensics-support/content-context";
import { check as content } from "../content";
import type { MrzBlock } from "./find-mrz";
import { check as mrz } from "./index";
import { hasMrz, zoneDates } from "./zone";

// ICAO 9303's specimen passport (expired 2012-04-15), as the band reading returns it.
const SPECIMEN = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const band = vi.hoisted(() => ({ blocks: [] as MrzBlock[] }));
vi.mock("./read-band", async (original) => ({
  ...(await original<typeof import("./read-band")>()),
  readZoneBands: vi.fn(async () => band.blocks),
}));

function passport() {
  return makeContext({
    docType: "passport",
    fields: { expiry_date: "2012-04-15", date_of_birth: "1974-08-12", document_number: "L898902C3" },
    // Page OCR left the zone unparseable, as it does on photos: fillers read as letters.
    pages: [
      {
        source: "ocr",
        rows: ["PASSPORT", "ERIKSSON ANNA MARIA", "P<UTOERIKSSON<<ANNA<MARIAcccccc ccec", "L898902C36"],
      },
    ],
  });
}

async function expiryFindings() {
  const ctx = passport();
  const findings = [...(await mrz.run(ctx, () => {})), ...(await content.run(ctx, () => {}))];
  return findings.filter((f) => f.check.endsWith(".expired")).map((f) => f.check);
}

describe("MRZ presence", () => {
  it("reports the expiry of a zone only the band reading found once, from the MRZ check", async () => {
    band.blocks = [{ page: 1, lines: SPECIMEN, region: null, confidence: 90, ocr: true, pass: "band" }];
    expect(await hasMrz(passport())).toBe(true);
    expect(await expiryFindings()).toEqual(["mrz.expired"]);
  });

  it("leaves the printed expiry to the content check when no reading finds a zone", async () => {
    band.blocks = [];
    expect(await hasMrz(passport())).toBe(false);
    expect(await expiryFindings()).toEqual(["content.expired"]);
  });
});

describe("dates the zone certifies", () => {
  const NOW = new Date("2024-06-01T00:00:00Z");
  const zone = (line2: string) => [{ page: 1, lines: [SPECIMEN[0]!, line2], region: null, confidence: 90, ocr: true }];

  it("gives a date only with its own check digit holding", async () => {
    band.blocks = [{ ...zone(SPECIMEN[1]!)[0]!, pass: "band" as const }];
    expect(await zoneDates(passport(), NOW)).toEqual({ date_of_birth: "1974-08-12", expiry_date: "2012-04-15" });
    // The birth changed to 740813 without its check digit: only the expiry is certified.
    band.blocks = [{ ...zone(SPECIMEN[1]!.replace("7408122", "7408132"))[0]!, pass: "band" as const }];
    expect(await zoneDates(passport(), NOW)).toEqual({ expiry_date: "2012-04-15" });
  });

  it("gives the dates of a zone the MRZ check verified, though no reading had the layout's length", async () => {
    // A phone photo's band read with one filler too many: fitted back to 44 characters, every check
    // digit holds, so the MRZ check verifies the zone and the content check uses its dates.
    band.blocks = [{ ...zone(SPECIMEN[1]!.replace("<<<<<10", "<<<<<<10"))[0]!, pass: "band" as const }];
    const ctx = passport();
    expect((await mrz.run(ctx, () => {})).map((f) => f.check)).toContain("mrz.verified");
    expect(await zoneDates(ctx, NOW)).toEqual({ date_of_birth: "1974-08-12", expiry_date: "2012-04-15" });
  });

  it("gives nothing on a document that cannot carry a zone", async () => {
    band.blocks = [{ ...zone(SPECIMEN[1]!)[0]!, pass: "band" as const }];
    const letter = makeContext({ docType: "employment_letter", pages: [{ rows: ["Dear Sir"] }] });
    expect(await zoneDates(letter, NOW)).toEqual({});
  });
});
