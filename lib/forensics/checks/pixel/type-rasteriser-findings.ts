// Words drawn by another rasteriser than the page's, or resampled (type-rasteriser.ts), as
// findings. Neighbouring words of one value that depart alike are one finding: a retyped name is
// several words. On the holder's data this is strong evidence alone: a lossless render's edges are
// exactly what its rasteriser drew, and the page's other words of that ink on that paper show what
// that is. On the issuer's pre-printed form (a logo's lettering, a pasted stamp) it is only noted.
import { placeOf } from "../../region";
import type { Finding, Severity } from "../../types";
import { type InField, type ToRegion, regionAround, valuesOf } from "./findings";
import { clamp01, round } from "./stats";
import { RASTERISER_FLOOR, type RasteriserDeviation, type RasteriserResult } from "./type-rasteriser";

const MAX_FINDINGS = 3;

const WHAT: Record<RasteriserDeviation["measure"], (share: number, d: RasteriserDeviation) => string> = {
  edge_colours: (share, d) =>
    `${share} % of the anti-aliased edge pixels take colours that the page's other words of the same ink on the same paper (${d.peers} edge pixels) never take: the type was drawn by another rasteriser than the page's, as when a value is typed over the page in an image editor`,
  overshoot: (share) =>
    `${share} % of the ink pixels are darker than the ink itself, along the line from paper to ink: a rasteriser never draws past full coverage, an interpolation resizing a cut-out does (its ringing), as when a value is cut from another document and scaled to fit`,
};

const scoreOf = (d: RasteriserDeviation) => {
  const floor = RASTERISER_FLOOR[d.measure];
  return round(0.6 + 0.35 * clamp01((d.value - floor) / (d.measure === "edge_colours" ? 1 - floor : 2 * floor)), 2);
};

export function typeRasteriserFindings(
  page: number,
  result: RasteriserResult,
  toRegion: ToRegion,
  inField: InField,
): Finding[] {
  const out: Finding[] = [];
  for (const { seed: d, words: group } of valuesOf(result.deviations, (a, b) => a.measure === b.measure)) {
    const region = regionAround(group, toRegion);
    const field = inField !== null && inField(region);
    const score = Math.max(...group.map(scoreOf));
    const severity: Severity = field ? "high" : "info";
    const words = group.map((g) => g.text).join(" ");
    const share = Math.round(Math.max(...group.map((g) => g.value)) * 100);
    out.push({
      check: "pixel.type_rasteriser",
      severity,
      score,
      message:
        `On page ${page} (${placeOf(region)}), in "${words}", ${WHAT[d.measure](share, d)}.` +
        (field
          ? ""
          : " It is part of the issuer's pre-printed form, whose artwork may be drawn apart on purpose, so this is only noted."),
      page,
      region,
      evidence: {
        statistic: `rasteriser_${d.measure}`,
        values: group.map((g) => g.value),
        page_level: d.pageLevel,
        threshold: RASTERISER_FLOOR[d.measure],
        peers: d.peers,
        words: group.length,
        covers_field: inField === null ? null : field,
        words_measured: result.wordsMeasured,
      },
    });
    if (out.length >= MAX_FINDINGS) break;
  }
  return out;
}
