import type { Check } from "../../context";
import { analysePdf } from "./analyse";

// PDF structure: revisions and what each changed (rendered and diffed), editing-tool producers,
// dates, signatures, hidden and overlapping text, fonts introduced by edits.
export const check: Check = {
  name: "pdf",
  applies: (ctx) => ctx.format === "pdf",
  async run(ctx, log) {
    try {
      return await analysePdf(ctx, log);
    } catch (error) {
      // A hostile or broken file must not take the engine down: say what could not be checked.
      return [
        {
          check: "pdf.unreadable",
          severity: "info",
          score: 0,
          message: `The PDF structure check could not finish: ${(error as Error).message.slice(0, 160)}.`,
          page: null,
          region: null,
        },
      ];
    }
  },
};
