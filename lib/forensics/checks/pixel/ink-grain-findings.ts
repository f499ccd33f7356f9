// Words whose strokes lack the capture's grain (ink-grain.ts), as findings. Neighbouring words of
// one value set apart alike are one finding. On the holder's data it is medium: strokes no sensor
// recorded are what a value pasted from a render or typed after the capture leaves, but a stamp or
// a label printed and captured apart can set a word apart too, so alone it does not flag a
// document; with another measurement at the same words (its paper lighter, `pixel.paper_tone` or
// `pixel.word_paper`; its print crisper, `pixel.sharp_text`: agreement.ts) it does. On the
// issuer's pre-printed form it is only noted.
import { placeOf } from "../../region";
import type { Finding, Severity } from "../../types";
import { type ToRegion, regionAround, valuesOf } from "./findings";
import type { InkGrainMeasure, InkGrainResult } from "./ink-grain";
import { clamp01, round } from "./stats";

const MAX_FINDINGS = 3;

export function inkGrainFindings(page: number, result: InkGrainResult, toRegion: ToRegion): Finding[] {
  const out: Finding[] = [];
  const pageShare = result.pageShare ?? 0;
  for (const { words: group } of valuesOf<InkGrainMeasure>(result.deviations)) {
    const region = regionAround(group, toRegion);
    const holder = group.some((g) => g.holder);
    const edges = group.reduce((s, g) => s + g.edges, 0);
    const share = group.reduce((s, g) => s + g.still, 0) / edges;
    const times = share / Math.max(pageShare, result.threshold.floor);
    const severity: Severity = holder ? "medium" : "info";
    const score = round(0.6 + 0.3 * clamp01((times - result.threshold.ratio) / (2 * result.threshold.ratio)), 2);
    const text = group.map((g) => g.text).join(" ");
    out.push({
      check: "pixel.ink_grain",
      severity,
      score,
      message:
        `On page ${page} (${placeOf(region)}), the edges of the strokes of "${text}" stand still: ${Math.round(100 * share)} % ` +
        `of their pixels repeat the grey level of the pixels before and after them along the edge, against ` +
        `${Math.round(100 * pageShare)} % on the page's words. A scanner or a camera adds its grain to every stroke it ` +
        "records; strokes without it were pasted from a clean source or typed after the capture." +
        (holder
          ? ""
          : " It is part of the issuer's pre-printed form, whose stamps and labels may have been printed apart, so this is only noted."),
      page,
      region,
      evidence: {
        statistic: "still_edge_share",
        value: round(share, 3),
        page_share: pageShare,
        edge_pixels: edges,
        words: group.length,
        covers_field: holder,
        threshold: result.threshold,
        words_measured: result.wordsMeasured,
      },
    });
    if (out.length >= MAX_FINDINGS) break;
  }
  return out;
}
