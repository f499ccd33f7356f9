// Independent pixel measurements that agree on one place. An examiner who sees a field whose paper
// lost the capture's noise, and whose type also stands off its line, does not weigh two hints: the
// two come from unrelated physics (the sensor's noise, the rasteriser's glyphs), and each alone is
// common enough on genuine pages to be a hint, but both at the same few words by chance is not.
// Fusion counts one family's findings as correlated (one paste trips a statistic in several
// blocks), which is right for findings of one measurement and wrong for findings of different
// measurements at the same spot: this finding says that they agree, with the region they share.
//
// Where it fails: content that is odd in every respect (a QR code, a portrait, a logo) can trip
// several statistics at once because it is odd, not edited; so agreement counts in full only on
// the holder's data (a name, a number, a date), and on the issuer's pre-printed form is only noted.
import { SEVERITY_WEIGHT } from "../../pipeline/fuse-weights";
import { placeOf, unionRegion } from "../../region";
import type { Finding, Region, Severity } from "../../types";
import type { InField } from "./findings";
import { clamp01, round } from "./stats";

/**
 * What each pixel check measures. Findings of one measurement are not independent of each other (a
 * noiseless patch is flat paper and too clean alike). The JPEG grid is left out: it counts only
 * where the ghost or the noise found the same region, so its severity already is an agreement.
 */
const MEASUREMENT: Record<string, string> = {
  "pixel.jpeg_ghost": "compression history",
  // The sensor's grain, read on the paper or down the strokes' edges: a paste lacks both at once.
  "pixel.noise_inconsistency": "capture noise",
  "pixel.flat_paper": "capture noise",
  "pixel.ink_grain": "capture noise",
  "pixel.paper_tone": "paper tone",
  "pixel.word_paper": "paper tone",
  "pixel.sharp_text": "edge sharpness",
  "pixel.resampled_type": "edge sharpness",
  "pixel.typography": "type geometry",
  "pixel.stroke_weight": "stroke weight",
  // A face's contrast is read from the same stroke widths as a weight change inside a word.
  "pixel.letterform": "stroke weight",
  // Stems resized against the page's: stroke widths again, not the edge profile resampled_type reads.
  "pixel.stem_scale": "stroke weight",
  "pixel.type_rasteriser": "rasteriser",
  "pixel.copy_move": "cloned pixels",
};

/** Regions this close (a share of the taller one's height) are the same place: a word and the paper around it. */
const NEAR = 0.5;
const MAX_FINDINGS = 3;

function near(a: Region, b: Region): boolean {
  const pad = NEAR * Math.max(a.height, b.height);
  return (
    a.x - pad < b.x + b.width && b.x - pad < a.x + a.width && a.y - pad < b.y + b.height && b.y - pad < a.y + a.height
  );
}

const evidence = (f: Finding) => SEVERITY_WEIGHT[f.severity] * clamp01(f.score);

/**
 * One finding per place where findings of at least two different measurements on `page` fall
 * together, weighed as independent evidence: its evidence is what they would give from different
 * checks, 1 − Π(1 − e), never less than the strongest's.
 */
export function agreementFindings(page: number, findings: Finding[], inField: InField): Finding[] {
  const counted = findings.filter(
    (f) => f.page === page && f.region && MEASUREMENT[f.check] !== undefined && evidence(f) > 0,
  );
  // Strongest first, so each place is described by its best finding of every measurement.
  counted.sort((a, b) => evidence(b) - evidence(a));
  const used = new Set<Finding>();
  const out: Finding[] = [];
  for (const seed of counted) {
    if (used.has(seed)) continue;
    const best = new Map<string, Finding>([[MEASUREMENT[seed.check] as string, seed]]);
    for (const f of counted) {
      const m = MEASUREMENT[f.check] as string;
      if (used.has(f) || best.has(m) || !near(seed.region as Region, f.region as Region)) continue;
      best.set(m, f);
    }
    if (best.size < 2) continue;
    const agreeing = [...best.values()];
    for (const f of agreeing) used.add(f);
    const region = unionRegion(agreeing.map((f) => f.region as Region)) as Region;
    const field = inField === null || inField(region);
    const combined = 1 - agreeing.reduce((p, f) => p * (1 - evidence(f)), 1);
    // The combined evidence read back through a severity's weight: high when at least two of the
    // agreeing findings are medium or more and that reads back to a clear score, else medium. On
    // the pre-printed form it is only noted, and the findings keep the weight they have alone.
    const strong = agreeing.filter((f) => f.severity !== "low").length >= 2 && combined / SEVERITY_WEIGHT.high >= 0.6;
    const severity: Severity = !field ? "info" : strong ? "high" : "medium";
    const score = round(clamp01(combined / SEVERITY_WEIGHT[strong ? "high" : "medium"]), 2);
    out.push({
      check: "pixel.agreement",
      severity,
      score,
      message:
        `On page ${page} (${placeOf(region)}) ${agreeing.length} independent measurements find the same place set apart: ` +
        agreeing.map((f) => `${MEASUREMENT[f.check]} (${f.check}, ${f.severity} ${f.score})`).join(", ") +
        ". Each alone is seen on genuine pages now and then; all at the same spot is what an edit leaves." +
        (field
          ? ""
          : " The place holds none of the holder's data, only the issuer's pre-printed form, whose artwork can set a spot apart in several ways at once, so this is only noted."),
      page,
      region,
      evidence: {
        statistic: "agreeing_measurements",
        value: agreeing.length,
        measurements: agreeing.map((f) => MEASUREMENT[f.check] as string),
        checks: agreeing.map((f) => f.check),
        independent_evidence: round(combined, 3),
        covers_field: inField === null ? null : field,
      },
    });
    if (out.length >= MAX_FINDINGS) break;
  }
  return out;
}
