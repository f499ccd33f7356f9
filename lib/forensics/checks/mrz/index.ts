// Identity documents: ICAO 9303 machine-readable zones, every check digit, and the zone against
// the printed fields.
import type { Check, DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { findMrzBlocks } from "./find-mrz";
import { wantsAnotherLook } from "./check-digit-findings";
import { mrzFindings } from "./mrz-findings";
import { parseMrz } from "./parse-mrz";
import { LOOKS, readZoneBands } from "./read-band";
import { firstBandReading, mayHaveMrz } from "./zone";
import { zonesByGeometry } from "./zone-by-geometry";

/**
 * Page OCR, and where it left the zone in doubt a dedicated reading of the band; a failed digit
 * that no other reading confirms gets further looks at the band, each prepared differently,
 * before it is called an edit or left as a doubtful reading.
 */
async function findings(ctx: DocumentContext, now: Date, log: (message: string) => void): Promise<Finding[]> {
  const geometry = (await Promise.all(ctx.pages.map((page) => zonesByGeometry(page, "without-zone")))).flat();
  for (const block of geometry)
    log(`MRZ located on page ${block.page} and read from its glyphs: ${block.lines.join(" / ")}`);
  // A zone read whole, at its layout's length and with every digit holding, is settled.
  const settled = [...findMrzBlocks(ctx.pages, ctx.fullText), ...geometry].some((block) => {
    const mrz = parseMrz(block.lines, { fromOcr: block.ocr });
    return mrz && !mrz.fitted.some(Boolean) && mrz.checks.every((c) => c.valid);
  });
  if (settled) return mrzFindings(ctx, now, log, geometry);
  const band = [...geometry, ...(await firstBandReading(ctx, log))];
  for (const look of LOOKS.further) {
    if (!mrzFindings(ctx, now, () => {}, band).some(wantsAnotherLook)) break;
    band.push(...(await readZoneBands(ctx.pages, log, look)));
  }
  return mrzFindings(ctx, now, log, band);
}

export const check: Check = {
  name: "mrz",
  applies: mayHaveMrz,
  run: async (ctx, log) => findings(ctx, new Date(), log),
};
