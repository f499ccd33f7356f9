// Pixel forensics: JPEG ghost calibrated against text density, copy-move, noise and JPEG-grid
// inconsistency, print crisper than the capture's optics allow, and words set apart from the type
// around them (typography.ts: what a clean single-save export still shows of a retype, splice or
// clone), on every analysed page that has pixels of its own. Digital-born PDF pages
// ("pdf-text") are rendered from vectors and fonts: they have no camera noise, no compression
// history and legitimately repeated glyphs, so nothing here can be measured on them.
import type { Check } from "../../context";
import type { Finding } from "../../types";
import { analysePage } from "./analyse-page";

export const check: Check = {
  name: "pixel",
  applies: (ctx) => ctx.pages.some((p) => p.source !== "pdf-text"),
  async run(ctx, log) {
    const findings: Finding[] = [];
    for (const page of ctx.pages) {
      if (page.source === "pdf-text") continue;
      findings.push(...(await analysePage(ctx, page, log)));
    }
    return findings;
  },
};
