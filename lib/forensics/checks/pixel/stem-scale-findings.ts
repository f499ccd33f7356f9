// Words of the holder's data whose stems were resized (stem-scale.ts), as findings. Alone medium,
// which does not flag a document: a word's letters move its median stem by up to a tenth or so on
// genuine pages (a short word of round letters, a caption of capitals), so one word off its class
// is a hint. A splice leaves more than this one trace: the interpolation that resized it also
// spread its edges (resampled-type.ts), and its height may stand off its line (typography.ts);
// where one of those finds the same word, the two agree (agreement.ts) and the document is flagged.
import { placeOf } from "../../region";
import type { Finding } from "../../types";
import type { ToRegion } from "./findings";
import { MAX_OFF, MIN_OFF, type StemScaleResult } from "./stem-scale";
import { clamp01, round } from "./stats";

const MAX_FINDINGS = 3;

/** 0.5 at the threshold, 0.9 at twice it. */
const scoreOf = (off: number) => round(clamp01(0.5 + 0.4 * clamp01(off / MIN_OFF - 1)), 2);

export function stemScaleFindings(page: number, result: StemScaleResult, toRegion: ToRegion): Finding[] {
  return result.deviations.slice(0, MAX_FINDINGS).map((d) => {
    const region = toRegion(d.x0, d.y0, d.x1, d.y1);
    const off = Math.abs(d.factor - 1);
    return {
      check: "pixel.stem_scale",
      severity: "medium",
      score: scoreOf(off),
      message:
        `On page ${page} (${placeOf(region)}) the holder's word "${d.text}" draws its stems ${d.stem.toFixed(2)} px wide, ` +
        `${d.factor < 1 ? "narrower" : "wider"} by ${Math.round(off * 100)} % than the ${d.peers} words of the page set in its size ` +
        `and with its horizontal strokes (${d.classStem.toFixed(2)} px): a rasteriser draws one face's stems alike, ` +
        "a cut-out resized to another width widens or narrows its stems and leaves its horizontal strokes, as when a name is cut from another document and fitted over this one's.",
      page,
      region,
      evidence: {
        statistic: "stem_factor",
        value: d.factor,
        stem: d.stem,
        bar: d.bar,
        class_stem: d.classStem,
        peers: d.peers,
        threshold: { min: MIN_OFF, max: MAX_OFF },
        words_measured: result.wordsMeasured,
      },
    };
  });
}
