import type { Check } from "../../context";
import { analyseMetadata } from "./analyse";

// Metadata: editing software and save history in EXIF/XMP/IPTC, dates that contradict each other,
// EXIF thumbnails that no longer match the image, and (for PDFs) XMP history and Info/XMP disagreement.
export const check: Check = {
  name: "metadata",
  applies: (ctx) => ctx.bytes.length > 0,
  async run(ctx, log) {
    try {
      return await analyseMetadata(ctx, log);
    } catch (error) {
      return [
        {
          check: "metadata.unreadable",
          severity: "info",
          score: 0,
          message: `The metadata could not be read: ${(error as Error).message.slice(0, 160)}.`,
          page: null,
          region: null,
        },
      ];
    }
  },
};
