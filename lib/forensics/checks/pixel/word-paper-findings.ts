// Words whose paper is lighter and cleaner than the captured paper around them (word-paper.ts), as
// findings. Neighbouring words of one value set apart alike are one finding: a name cut from another
// document is several words. On the holder's data it is medium: paper a clean render brought along
// is what a value pasted after the capture leaves, but a capture lights a page unevenly now and then
// (a hot spot, a bright label), so alone it does not flag a document; with another measurement at
// the same words (crisper print, `pixel.sharp_text`: agreement.ts) it does. On the issuer's
// pre-printed form (a white label, a sticker) it is only noted.
import { placeOf } from "../../region";
import type { Finding, Severity } from "../../types";
import { type ToRegion, regionAround, valuesOf } from "./findings";
import { clamp01, round } from "./stats";
import type { WordPaperMeasure, WordPaperResult } from "./word-paper";

const MAX_FINDINGS = 3;

export function wordPaperFindings(page: number, result: WordPaperResult, toRegion: ToRegion): Finding[] {
  const out: Finding[] = [];
  for (const { words: group } of valuesOf<WordPaperMeasure>(result.deviations)) {
    const region = regionAround(group, toRegion);
    const holder = group.some((g) => g.holder);
    // The value's words pooled by their paper: a short word's few pixels may fall a little either way.
    const pixels = group.reduce((s, g) => s + g.pixels, 0);
    const pool = (f: (g: WordPaperMeasure) => number) => group.reduce((s, g) => s + f(g) * g.pixels, 0) / pixels;
    const tone = pool((g) => g.tone);
    const ringTone = pool((g) => g.ringTone);
    const noise = pool((g) => g.noise);
    const ringNoise = pool((g) => g.ringNoise);
    const step = tone - ringTone;
    // At the render's white the noise was not judged (word-paper.ts): only the tone is claimed there.
    const cleaner = noise <= result.threshold.noiseRatio * ringNoise;
    const severity: Severity = holder ? "medium" : "info";
    const score = round(
      0.6 + 0.2 * clamp01((step - result.threshold.step) / 10) + 0.15 * clamp01(1 - noise / Math.max(ringNoise, 0.01)),
      2,
    );
    out.push({
      check: "pixel.word_paper",
      severity,
      score,
      message:
        `On page ${page} (${placeOf(region)}), the paper between the letters of "${group.map((g) => g.text).join(" ")}" ` +
        (cleaner
          ? `is lighter (tone ${round(tone, 1)}) and cleaner (noise ${round(noise, 2)}) than the captured paper around it ` +
            `(tone ${round(ringTone, 1)}, noise ${round(ringNoise, 2)})`
          : `is a render's white (tone ${round(tone, 1)}), lighter than the captured paper around it (tone ${round(ringTone, 1)})`) +
        ": a scanner or a camera captures the paper between the letters with the paper around them, so this value was " +
        "pasted from a cleaner source after the capture." +
        (holder
          ? ""
          : " It is part of the issuer's pre-printed form, whose labels and stickers may be lighter on their own, so this is only noted."),
      page,
      region,
      evidence: {
        statistic: "word_paper_step",
        value: round(step, 1),
        tone: round(tone, 1),
        noise: round(noise, 3),
        ring_tone: round(ringTone, 1),
        ring_noise: round(ringNoise, 3),
        page_paper: result.pagePaper,
        paper_pixels: pixels,
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
