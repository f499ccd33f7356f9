// Machine-readable codes: QR, PDF417, Data Matrix, Aztec and 1D barcodes decoded from the page
// rasters and held against the printed text.
import type { Check } from "../../context";
import type { Finding } from "../../types";
import { codeFindings } from "./code-findings";
import { decodeCodes } from "./decode-codes";

/** Standard mode stops decoding further pages after this long; deep mode reads every page. */
const STANDARD_BUDGET_MS = 1500;

export const check: Check = {
  name: "codes",
  applies: (ctx) => ctx.pages.some((p) => p.width > 0 && p.height > 0 && p.rgb.length >= p.width * p.height * 3),
  run: async (ctx, log) => {
    const started = Date.now();
    const findings: Finding[] = [];
    for (const page of ctx.pages) {
      if (ctx.mode === "standard" && Date.now() - started > STANDARD_BUDGET_MS) {
        log(`codes: time budget spent, pages from ${page.page} not decoded`);
        break;
      }
      const codes = await decodeCodes(page, ctx.mode, {
        rotated2d: ctx.docType === "id_card" || ctx.docType === "passport",
      });
      log(`codes: page ${page.page}: ${codes.length} symbol(s) in ${Date.now() - started} ms`);
      findings.push(...codeFindings(ctx, page.page, codes));
    }
    return findings;
  },
};
