// The holder's words set in another face than the page's (page-face.ts) as findings. A word alone
// apart from a one-face page is medium: a template may set a name in a face of its own, rarely.
// Where the lines printed with it in its block (the street and town under an addressee's name) or
// its caption on its line ("Employee name" in a key-value row) are in the page's face, the name
// alone left it: that is what a name painted over and typed again leaves, and is high.
import { placeOf } from "../../region";
import type { Finding, Severity } from "../../types";
import type { ToRegion } from "./findings";
import { MIN_SPREADS } from "./letterform";
import type { PageFaceResult } from "./page-face";
import { clamp01, round } from "./stats";

const MAX_FINDINGS = 3;

/** The score of a departure its block or caption corroborates: what one high finding needs to flag a document. */
const CORROBORATED = 0.6;

const scoreOf = (spreads: number) => round(clamp01(0.45 + 0.35 * clamp01(spreads / MIN_SPREADS - 1)), 2);

export function pageFaceFindings(page: number, result: PageFaceResult, toRegion: ToRegion): Finding[] {
  return result.deviations.slice(0, MAX_FINDINGS).map((d) => {
    const region = toRegion(d.x0, d.y0, d.x1, d.y1);
    const severity: Severity = d.blockInPageFace > 0 ? "high" : "medium";
    // Corroborated by its own block, the departure is enough to flag the document by itself.
    const score = severity === "high" ? Math.max(CORROBORATED, scoreOf(d.spreads)) : scoreOf(d.spreads);
    const face =
      d.contrast < 1
        ? "a face of more even strokes than the page's"
        : `a face of finer hairlines than the page's (its thin strokes ${Math.round(d.thin * 100)} % of theirs)`;
    return {
      check: "pixel.letterform",
      severity,
      score,
      message:
        `On page ${page} (${placeOf(region)}) the holder's word "${d.text}" is drawn with stems ${d.contrast.toFixed(2)} times ` +
        `as thick, against its thin strokes, as the ${d.peers} words of its size on the page: ` +
        `${face}, ${d.spreads} times the spread of the page's words` +
        (d.blockInPageFace > 0
          ? `, while ${d.blockInPageFace} word(s) printed with it (its block, its caption) are in the page's face: the name alone was set by another hand, as where it was painted over and typed again.`
          : ", as where a name was painted over and typed again in another font."),
      page,
      region,
      evidence: {
        statistic: "stroke_contrast_vs_page",
        value: d.contrast,
        thin_strokes: d.thin,
        spreads: d.spreads,
        threshold: { spreads: MIN_SPREADS },
        peers: d.peers,
        block_in_page_face: d.blockInPageFace,
        words_judged: result.judged.length,
      },
    };
  });
}
