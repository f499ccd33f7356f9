// A word of the page found again over the holder's data (word-clone.ts) as a finding.
import { placeOf } from "../../region";
import type { Finding } from "../../types";
import type { ToRegion } from "./findings";
import type { WordCloneResult } from "./word-clone";

const MAX_FINDINGS = 3;

/**
 * High: a whole word of the page, every edge of it, standing again where the holder's data is
 * printed is what cloning does; printing the form twice repeats what both copies say, and the
 * field reader counts a word's repeats alike.
 */
export function wordCloneFindings(page: number, result: WordCloneResult, toRegion: ToRegion): Finding[] {
  return result.clones.slice(0, MAX_FINDINGS).map((c) => {
    const region = toRegion(c.copy.x0, c.copy.y0, c.copy.x1, c.copy.y1);
    const source = toRegion(c.source.x0, c.source.y0, c.source.x1, c.source.y1);
    return {
      check: "pixel.copy_move",
      severity: "high",
      score: 0.8,
      message:
        `On page ${page} the printed "${c.text}" (${placeOf(source)}) stands again, pixel for pixel, at ${placeOf(region)}, ` +
        `where the holder's data is printed (read there as "${c.over}"), ${c.alone ? "where the holder's name begins, though no name is written so" : "joined to what is left there"}: a word of the page cloned over a value, which printing cannot do.`,
      page,
      region,
      evidence: {
        statistic: "form_word_over_field",
        other_region: source,
        shift_px: c.shift,
        word: c.text,
        read_over: c.over,
        edge_pixels: c.edgePixels,
        mismatched_edge_pixels: c.mismatched,
        mean_abs_difference: c.meanAbsDifference,
        pairs_compared: result.pairs,
      },
    };
  });
}
