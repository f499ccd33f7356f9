// Identity documents: ICAO 9303 machine-readable zones, every check digit, and the zone against
// the printed fields.
import type { Check, DocumentContext } from "../../context";
import type { Finding } from "../../types";
import { mrzFindings, wantsSecondLook } from "./mrz-findings";
import { LOOKS, readZoneBands } from "./read-band";

/**
 * Page OCR and a dedicated reading of the band; a failed digit that no second reading confirms
 * gets one more look at the band, prepared differently, before it is called an edit or a misread.
 */
async function findings(ctx: DocumentContext, now: Date, log: (message: string) => void): Promise<Finding[]> {
  const band = await readZoneBands(ctx.pages, log);
  const first = mrzFindings(ctx, now, () => {}, band);
  if (!first.some(wantsSecondLook)) return mrzFindings(ctx, now, log, band);
  const again = await readZoneBands(ctx.pages, log, LOOKS.second);
  return mrzFindings(ctx, now, log, [...band, ...again]);
}

export const check: Check = {
  name: "mrz",
  applies: (ctx) =>
    ctx.docType === "passport" ||
    ctx.docType === "id_card" ||
    ctx.fullText.some((text) => /<<|«/.test(text)) ||
    ctx.pages.some((p) => p.text.some((t) => /<<|«/.test(t.text))),
  run: async (ctx, log) => findings(ctx, new Date(), log),
};
