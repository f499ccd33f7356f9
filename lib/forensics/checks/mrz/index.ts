// Identity documents: ICAO 9303 machine-readable zones, every check digit, and the zone against
// the printed fields.
import type { Check } from "../../context";
import { mrzFindings } from "./mrz-findings";

export const check: Check = {
  name: "mrz",
  applies: (ctx) =>
    ctx.docType === "passport" ||
    ctx.docType === "id_card" ||
    ctx.fullText.some((text) => /<<|«/.test(text)) ||
    ctx.pages.some((p) => p.text.some((t) => /<<|«/.test(t.text))),
  run: async (ctx, log) => mrzFindings(ctx, new Date(), log),
};
