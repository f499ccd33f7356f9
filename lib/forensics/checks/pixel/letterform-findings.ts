// The holder's words set in another face than their line (letterform.ts) as findings. Alone a
// departure stays medium, which needs corroboration to flag a document: a line may mix faces on
// purpose (a name set in a display face inside a sentence is rare, not unheard of). Where another
// measurement finds the same word set apart (its baseline off its line's: typography.ts), the two
// agree (agreement.ts), as a retype, typed over a painted patch by another hand, leaves both.
import { placeOf } from "../../region";
import type { Finding } from "../../types";
import type { ToRegion } from "./findings";
import { MAX_FACTOR, MIN_SPREADS, type LetterformResult } from "./letterform";
import { clamp01, round } from "./stats";

const MAX_FINDINGS = 3;

/**
 * As typography.ts scores a departure: 0.45 at the threshold, up to 0.8 at twice it. The factor
 * only bars a line whose words agree too closely for their spread to mean anything.
 */
const scoreOf = (spreads: number) => round(clamp01(0.45 + 0.35 * clamp01(spreads / MIN_SPREADS - 1)), 2);

export function letterformFindings(page: number, result: LetterformResult, toRegion: ToRegion): Finding[] {
  return result.deviations.slice(0, MAX_FINDINGS).map((d) => {
    const region = toRegion(d.x0, d.y0, d.x1, d.y1);
    return {
      check: "pixel.letterform",
      severity: "medium",
      score: scoreOf(d.spreads),
      message:
        `On page ${page} (${placeOf(region)}) the holder's word "${d.text}" is drawn with stems ${d.ratio.toFixed(1)} times ` +
        `as thick as its thin strokes, where the ${d.peers} other words of its line draw them ${d.lineRatio.toFixed(1)} times: ` +
        `a face of more even strokes than the line's, ${d.spreads} times the spread of its words, ` +
        "as where a name was painted over and typed again in another font.",
      page,
      region,
      evidence: {
        statistic: "stroke_contrast",
        value: d.ratio,
        line_value: d.lineRatio,
        line_spread: d.spread,
        spreads: d.spreads,
        threshold: { spreads: MIN_SPREADS, factor: MAX_FACTOR },
        peers: d.peers,
        words_judged: result.judged.length,
      },
    };
  });
}
