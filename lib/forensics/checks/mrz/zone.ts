// Whether a document has a machine-readable zone, decided once per document: page OCR often
// reads a zone too badly to parse and only the dedicated band reading (read-band.ts) finds it.
// The MRZ check and the content check's expiry both ask here, so they cannot disagree on it.
import type { DocumentContext, PageImage } from "../../context";
import { type MrzBlock, findMrzBlocks } from "./find-mrz";
import { parseMrz } from "./parse-mrz";
import { readZoneBands } from "./read-band";
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

const parses = (block: MrzBlock) => parseMrz(block.lines, { fromOcr: block.ocr }) !== null;

/** A zone that fits an ICAO 9303 layout, in the page text or, failing that, in the band reading. */
export async function hasMrz(ctx: DocumentContext): Promise<boolean> {
  if (findMrzBlocks(ctx.pages, ctx.fullText).some(parses)) return true;
  if ((await Promise.all(ctx.pages.map(zonesByGeometry))).flat().some(parses)) return true;
  if (!mayHaveMrz(ctx)) return false;
  return (await firstBandReading(ctx, () => {})).some(parses);
}

/** The lines of the zones read from a page's pixels that fit an ICAO 9303 layout. */
export async function machineReadableLines(page: PageImage): Promise<string[]> {
  return (await zonesByGeometry(page)).filter(parses).flatMap((block) => block.lines);
}
