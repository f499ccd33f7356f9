// Words whose glyph edges were resampled (resampled-type.ts), as findings. Neighbouring words of one
// value spread alike are one finding: a name cut from another document is several words. On the
// holder's data it is medium: a value spread far more often than the render's other words is what a
// resized cut-out leaves, but genuine renders also set a value apart this way now and then (a QR
// code's modules or a picture read as words, another face drawn through another path), so alone it
// does not flag a document; with another measurement at the same words (agreement.ts) it does.
// Where every word of a value of two words or more is one of the holder's words, read surely or
// read as a name (a name after its caption, an addressee's name), the whole value resampled on a
// page the rasteriser drew is a cut-out pasted over it: high. On the issuer's pre-printed form (a logo's lettering, a
// stamp, a scaled picture of a signature) it is only noted.
import { placeOf, type PixelBox } from "../../region";
import type { Finding, Severity } from "../../types";
import { type InField, type ToRegion, regionAround, valuesOf } from "./findings";
import type { ResampledResult, ResampledWord } from "./resampled-type";
import { SPREAD_RATIO } from "./resampled-type";
import { clamp01, round } from "./stats";

const MAX_FINDINGS = 3;

const ratioOf = (d: ResampledWord) => d.share / d.pageShare;

export function resampledTypeFindings(
  page: number,
  result: ResampledResult,
  toRegion: ToRegion,
  inField: InField,
  holderWords: readonly PixelBox[] = [],
): Finding[] {
  const isHolderWord = (d: PixelBox) =>
    holderWords.some((h) => {
      const cx = (d.x0 + d.x1) / 2;
      const cy = (d.y0 + d.y1) / 2;
      return cx >= h.x0 && cx <= h.x1 && cy >= h.y0 && cy <= h.y1;
    });
  const out: Finding[] = [];
  for (const { seed: d, words: group } of valuesOf(result.deviations)) {
    const region = regionAround(group, toRegion);
    const field = inField !== null && inField(region);
    // The value's words pooled: a short word's few edges may fall a little either way.
    const edges = group.reduce((s, g) => s + g.edges, 0);
    const ratio = group.reduce((s, g) => s + ratioOf(g) * g.edges, 0) / edges;
    const wholeValue = group.length >= 2 && group.every(isHolderWord);
    const severity: Severity = !field ? "info" : wholeValue ? "high" : "medium";
    const score = round(0.6 + 0.35 * clamp01((ratio - SPREAD_RATIO) / SPREAD_RATIO), 2);
    const words = group.map((g) => g.text).join(" ");
    out.push({
      check: "pixel.resampled_type",
      severity,
      score,
      message:
        `On page ${page} (${placeOf(region)}), "${words}" has ${round(ratio, 1)} times as many stem edges ` +
        `rising through two grey pixels or more as the page's other words (${Math.round(d.pageShare * 100)} % of theirs): ` +
        "a rasteriser leaves at most one partly covered pixel across a straight stem's edge, an interpolation resizing a cut-out spreads each edge over several, as when a value is cut from another document and scaled to fit." +
        (wholeValue
          ? " Every word of it is the holder's name, read as such, on a page the rasteriser drew crisp: the value was pasted in."
          : "") +
        (field
          ? ""
          : " It is part of the issuer's pre-printed form, whose artwork (a logo, a stamp, a scaled picture) may be resampled on purpose, so this is only noted."),
      page,
      region,
      evidence: {
        statistic: "spread_edge_ratio",
        value: round(ratio, 3),
        shares: group.map((g) => g.share),
        page_share: d.pageShare,
        page_high: d.pageHigh,
        threshold: SPREAD_RATIO,
        edges,
        peers: d.peers,
        words: group.length,
        covers_field: inField === null ? null : field,
        whole_holder_value: wholeValue,
        words_measured: result.wordsMeasured,
      },
    });
    if (out.length >= MAX_FINDINGS) break;
  }
  return out;
}
