// Whether a document has a machine-readable zone, decided once per document: page OCR often
// reads a zone too badly to parse and only the dedicated band reading (read-band.ts) finds it.
// The MRZ check and the content check's expiry both ask here, so they cannot disagree on it.
import type { DocumentContext, PageImage } from "../../context";
import { type MrzBlock, findMrzBlocks } from "./find-mrz";
import { wantsAnotherLook } from "./check-digit-findings";
import { mrzDateToIso, mrzFindings } from "./mrz-findings";
import { type ParsedMrz, parseMrz } from "./parse-mrz";
import { LOOKS, readZoneBands } from "./read-band";
import { soundlyRead } from "./reading-trust";
import { zonesByGeometry } from "./zone-by-geometry";

/** Whether the document may carry a zone at all: an identity document, or fillers in its text. */
export function mayHaveMrz(ctx: DocumentContext): boolean {
  return (
    ctx.docType === "passport" ||
    ctx.docType === "id_card" ||
    ctx.fullText.some((text) => /<<|«/.test(text)) ||
    ctx.pages.some((p) => p.text.some((t) => /<<|«/.test(t.text)))
  );
}

const firstReadings = new WeakMap<DocumentContext, Promise<MrzBlock[]>>();

/** The first band reading of a document's pages, shared by every check that needs it (OCR is dear). */
export function firstBandReading(ctx: DocumentContext, log: (message: string) => void): Promise<MrzBlock[]> {
  let reading = firstReadings.get(ctx);
  if (!reading) {
    reading = readZoneBands(ctx.pages, log);
    firstReadings.set(ctx, reading);
  }
  // Each caller gets its own list: the MRZ check appends further looks to it.
  return reading.then((blocks) => [...blocks]);
}

const zoneReadingsOf = new WeakMap<DocumentContext, Promise<{ blocks: MrzBlock[]; messages: string[] }>>();

/**
 * Every reading of the document's zone the MRZ check weighs: page OCR and the glyph reading, and
 * where they leave the zone in doubt the band read again, each time prepared differently, until no
 * failed digit is left unconfirmed. Shared by the MRZ check and the dates it certifies for the
 * content check, so both judge the same reading (and its OCR runs once).
 */
export async function zoneReadings(ctx: DocumentContext, log: (message: string) => void): Promise<MrzBlock[]> {
  let readings = zoneReadingsOf.get(ctx);
  if (!readings) {
    const messages: string[] = [];
    readings = readZone(ctx, (m) => messages.push(m)).then((blocks) => ({ blocks, messages }));
    zoneReadingsOf.set(ctx, readings);
  }
  // Whichever check asked first, each caller's log tells how the zone was read.
  const { blocks, messages } = await readings;
  for (const message of messages) log(message);
  return [...blocks];
}

async function readZone(ctx: DocumentContext, log: (message: string) => void): Promise<MrzBlock[]> {
  const geometry = (await Promise.all(ctx.pages.map((page) => zonesByGeometry(page, "without-zone")))).flat();
  for (const block of geometry)
    log(`MRZ located on page ${block.page} and read from its glyphs: ${block.lines.join(" / ")}`);
  // A zone read whole, at its layout's length and with every digit holding, is settled.
  const settled = [...findMrzBlocks(ctx.pages, ctx.fullText), ...geometry].some((block) => {
    const mrz = parseMrz(block.lines, { fromOcr: block.ocr });
    return mrz && !mrz.fitted.some(Boolean) && mrz.checks.every((c) => c.valid);
  });
  if (settled) return geometry;
  const band = [...geometry, ...(await firstBandReading(ctx, log))];
  for (const look of LOOKS.further) {
    if (!mrzFindings(ctx, new Date(), () => {}, band).some(wantsAnotherLook)) break;
    band.push(...(await readZoneBands(ctx.pages, log, look)));
  }
  return band;
}

const parses = (block: MrzBlock) => parseMrz(block.lines, { fromOcr: block.ocr }) !== null;

/** A zone that fits an ICAO 9303 layout, in the page text or, failing that, in the band reading. */
export async function hasMrz(ctx: DocumentContext): Promise<boolean> {
  if (findMrzBlocks(ctx.pages, ctx.fullText).some(parses)) return true;
  if ((await Promise.all(ctx.pages.map((page) => zonesByGeometry(page, "without-zone")))).flat().some(parses))
    return true;
  if (!mayHaveMrz(ctx)) return false;
  return (await firstBandReading(ctx, () => {})).some(parses);
}

/** The lines of the zones read from a page's pixels that fit an ICAO 9303 layout. */
export async function machineReadableLines(page: PageImage): Promise<string[]> {
  return (await zonesByGeometry(page)).filter(parses).flatMap((block) => block.lines);
}

/** Dates a zone certifies: each read with its own check digit holding. */
export interface ZoneDates {
  date_of_birth?: string;
  expiry_date?: string;
}

const ZONE_DATES = [
  { field: "date_of_birth", kind: "birth", date: (m: ParsedMrz) => m.birthDate },
  { field: "expiry_date", kind: "expiry", date: (m: ParsedMrz) => m.expiryDate },
] as const;

/**
 * A misread digit breaks its check digit nine times in ten, and a reading that had to be fitted
 * or corrected proves nothing by holding; a date that passes both is what the issuer printed.
 */
function certifiedDates(blocks: readonly MrzBlock[], now: Date): ZoneDates {
  const out: ZoneDates = {};
  for (const block of blocks) {
    const mrz = parseMrz(block.lines, { fromOcr: block.ocr });
    if (!mrz) continue;
    for (const { field, kind, date } of ZONE_DATES) {
      const read = date(mrz);
      const check = mrz.checks.find((c) => c.check === field);
      if (out[field] || !read?.valid || !check?.valid) continue;
      if (block.ocr && !soundlyRead(mrz, field)) continue;
      out[field] = mrzDateToIso(read, kind, now);
    }
  }
  return out;
}

/**
 * The dates of a zone the MRZ check verified whole: every check digit, the composite's too,
 * holding in the reading it settled on, however many passes that took to read (a phone photo's
 * zone is rarely read whole in one).
 */
function verifiedDates(ctx: DocumentContext, now: Date, readings: readonly MrzBlock[]): ZoneDates {
  const verified = mrzFindings(ctx, now, () => {}, readings).find((f) => f.check === "mrz.verified");
  const out: ZoneDates = {};
  for (const field of ["date_of_birth", "expiry_date"] as const) {
    const iso = verified?.evidence?.[field];
    if (typeof iso === "string") out[field] = iso;
  }
  return out;
}

/**
 * The dates the document's zone certifies, for the checks that hold the printed dates against
 * each other: a page's date of birth read from the wrong line is settled by the zone.
 */
export async function zoneDates(ctx: DocumentContext, now: Date): Promise<ZoneDates> {
  if (!mayHaveMrz(ctx)) return {};
  const geometry = (await Promise.all(ctx.pages.map((page) => zonesByGeometry(page, "without-zone")))).flat();
  const read = certifiedDates([...findMrzBlocks(ctx.pages, ctx.fullText), ...geometry], now);
  if (read.date_of_birth && read.expiry_date) return read;
  const readings = await zoneReadings(ctx, () => {});
  return { ...verifiedDates(ctx, now, readings), ...certifiedDates(readings, now), ...read };
}
