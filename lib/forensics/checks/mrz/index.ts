// Identity documents: ICAO 9303 machine-readable zones, every check digit, and the zone against
// the printed fields.
import type { Check, DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { mrzFindings } from "./mrz-findings";
import { mayHaveMrz, zoneReadings } from "./zone";

/**
 * Page OCR, and where it left the zone in doubt a dedicated reading of the band; a failed digit
 * that no other reading confirms gets further looks at the band, each prepared differently,
 * before it is called an edit or left as a doubtful reading (zone.ts).
 */
async function findings(ctx: DocumentContext, now: Date, log: (message: string) => void): Promise<Finding[]> {
  return mrzFindings(ctx, now, log, await zoneReadings(ctx, log));
}

export const check: Check = {
  name: "mrz",
  applies: mayHaveMrz,
  run: async (ctx, log) => findings(ctx, new Date(), log),
};
