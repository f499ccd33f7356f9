// Typographic departures (typography.ts) as findings. A departure on the holder's data (a name,
// a number, a date: field-regions.ts) is what a retype, splice or clone leaves; one on the issuer's
// pre-printed form is as often the issuer's own layout (a caption set apart, a logo's lettering)
// and is only noted. On a scan or a photo, blur, skew and OCR boxes that straddle the print move
// every measure, and the capture's own checks (noise, flat paper, sharpness) see a retype there:
// a departure stays medium, which needs corroboration to flag a document. On a born-digital
// render, where the rasteriser sets every glyph exactly, a clear one is strong evidence alone.
import { placeOf } from "../../region";
import type { Finding, Region, Severity } from "../../types";
import type { Capture } from "./capture";
import { type InField, type ToRegion, regionAround } from "./findings";
import { clamp01, round } from "./stats";
import type { TypeDeviation, TypeMeasure, TypographyResult } from "./typography";

const MAX_FINDINGS = 3;

const WHAT: Record<TypeMeasure, (d: TypeDeviation) => string> = {
  baseline: (d) =>
    `stands ${Math.round(Math.abs(d.value) * 100)} % of a letter's height ${d.value > 0 ? "below" : "above"} the baseline of the words printed with it`,
  height: (d) =>
    `is set ${Math.round(Math.abs(d.value) * 100)} % ${d.value > 0 ? "taller" : "shorter"} than the capitals on its line`,
  column: (d) =>
    `is ${Math.round(Math.abs(d.value) * 100)} % ${d.value > 0 ? "taller" : "shorter"} than the ${d.peers} values that start in the same column, which agree with each other`,
  stack: (d) =>
    `is set ${Math.round(d.value * 100)} % taller than the ${d.peers} lines stacked with it at its left edge, which agree with each other`,
  size: (d) =>
    `is set ${Math.round(d.value * 100)} % taller than the caption printed beside it and than the page's body type`,
  alignment: (d) =>
    `has glyphs whose tops or feet sit ${Math.round(d.value * 100)} % of a letter's height off the others', as where a patch's edge cuts through letters`,
  weight: (d) =>
    `changes weight inside the word: the stems of one part are ${Math.round(d.value * 100)} % thicker than the other's, as where one piece of type was laid over another`,
  centre: (d) =>
    `stands ${Math.round(Math.abs(d.value) * 100)} % of its height ${d.value > 0 ? "right" : "left"} of the axis the ${d.peers} centred lines around it keep, as a value typed from the old one's left edge does`,
};

/**
 * Stroke weight is measured apart from where glyphs stand (thickness, not position): a finding of
 * its own, so that it and a geometric departure on one word count as two signs (agreement.ts).
 * Alone it stays medium, on a render only: a capture's blur and ink spread thicken strokes unevenly.
 */
const checkOf = (measure: TypeMeasure) => (measure === "weight" ? "pixel.stroke_weight" : "pixel.typography");

/** Measures in which a retype moves every word it sets alike: where they stand, how tall they are. */
const SHARED: readonly TypeMeasure[] = ["baseline", "height", "stack"];
/** Words apart by less than this many of their heights are neighbours in one value. */
const NEIGHBOUR_GAP = 2;
/** Departures within this ratio of each other are one departure. */
const ALIKE = 1.5;

const scoreOf = (d: TypeDeviation, result: TypographyResult) =>
  round(clamp01(0.45 + 0.35 * clamp01(Math.abs(d.value) / result.threshold[d.measure] - 1)), 2);

/**
 * Neighbouring words of the holder's data on one line that depart from the words printed with them
 * in one measure, one direction and about one amount: the whole value moved as one, as when it was
 * painted over and typed again ("Noah Meyer" 21 % of a letter below the baseline of "certify that
 * ..., date of birth"). Each word alone is a hint; two words leaving their line together, alike,
 * while the page's other words keep it within a fifth of that, is what a retype does. Judged on a
 * render only, where the rasteriser set every glyph on its line; on a scan or photo skew and lens
 * move neighbouring words together.
 */
function sharedDepartures(
  page: number,
  result: TypographyResult,
  toRegion: ToRegion,
  inField: InField,
  capture: Capture,
): Finding[] {
  if (capture !== "born_digital" || inField === null) return [];
  const onField = result.deviations.filter(
    (d) => SHARED.includes(d.measure) && inField(toRegion(d.x0, d.y0, d.x1, d.y1)),
  );
  const out: Finding[] = [];
  const used = new Set<TypeDeviation>();
  for (const d of onField) {
    if (used.has(d)) continue;
    const group = [d];
    for (const e of onField) {
      const last = group.at(-1) as TypeDeviation;
      if (e === d || used.has(e) || e.measure !== d.measure || Math.sign(e.value) !== Math.sign(d.value)) continue;
      const ratio = Math.abs(e.value) / Math.abs(d.value);
      const height = Math.max(last.y1 - last.y0, e.y1 - e.y0);
      const sameLine =
        Math.min(last.y1, e.y1) - Math.max(last.y0, e.y0) >= 0.5 * Math.min(last.y1 - last.y0, e.y1 - e.y0);
      const gap = Math.max(e.x0 - last.x1, last.x0 - e.x1);
      if (ratio <= ALIKE && ratio >= 1 / ALIKE && sameLine && gap <= NEIGHBOUR_GAP * height) group.push(e);
    }
    if (group.length < 2) continue;
    for (const g of group) used.add(g);
    group.sort((a, b) => a.x0 - b.x0);
    const region = regionAround(group, toRegion);
    const score = round(clamp01(1 - group.reduce((p, g) => p * (1 - scoreOf(g, result)), 1)), 2);
    const words = group.map((g) => g.text).join(" ");
    const amount = Math.round((group.reduce((a, g) => a + Math.abs(g.value), 0) / group.length) * 100);
    out.push({
      check: "pixel.typography",
      severity: score >= 0.6 ? "high" : "medium",
      score,
      message:
        `On page ${page} (${placeOf(region)}) the words "${words}" of the holder's data all ${SHARED_WHAT[d.measure as "baseline" | "height" | "stack"](d.value, amount)}: ` +
        "the value moved as one, as where it was painted over and typed again; the page's other words keep their line.",
      page,
      region,
      evidence: {
        statistic: `typography_${d.measure}_shared`,
        values: group.map((g) => g.value),
        threshold: result.threshold[d.measure],
        page_spread: d.pageSpread,
        words: group.length,
        covers_field: true,
        capture,
        words_measured: result.wordsMeasured,
      },
    });
  }
  return out;
}

const SHARED_WHAT: Record<"baseline" | "height" | "stack", (value: number, amount: number) => string> = {
  baseline: (value, amount) =>
    `stand about ${amount} % of a letter's height ${value > 0 ? "below" : "above"} the baseline of the words printed with them`,
  height: (value, amount) =>
    `are set about ${amount} % ${value > 0 ? "taller" : "shorter"} than the capitals on their line`,
  stack: (_value, amount) => `are set about ${amount} % taller than the lines of their block`,
};

export function typographyFindings(
  page: number,
  result: TypographyResult,
  toRegion: ToRegion,
  inField: InField,
  capture: Capture,
): Finding[] {
  const seen: Array<Region & { check: string }> = [];
  const out: Finding[] = [...sharedDepartures(page, result, toRegion, inField, capture)];
  for (const d of result.deviations) {
    const region = toRegion(d.x0, d.y0, d.x1, d.y1);
    // One finding per word and measurement kind: a word both off its line and changing weight
    // shows two signs.
    const check = checkOf(d.measure);
    if (seen.some((r) => r.check === check && r.x === region.x && r.y === region.y)) continue;
    seen.push({ ...region, check });
    const field = inField !== null && inField(region);
    const score = scoreOf(d, result);
    // A value's size against its caption is judged only where the rasteriser set both: on a scan or
    // photo of a real card, security print sets numerals and names large on purpose, lens and OCR
    // boxes move a height, and the capture's own checks see a retype there.
    // A line's centre likewise: a photo's perspective and a scan's skew move an axis across the page.
    const renderOnly = d.measure === "size" || d.measure === "weight" || d.measure === "centre";
    const noted = !field || (renderOnly && capture !== "born_digital");
    const alone = d.measure === "weight";
    const severity: Severity = noted
      ? "info"
      : score >= 0.6 && capture === "born_digital" && !alone
        ? "high"
        : "medium";
    out.push({
      check,
      severity,
      score,
      message:
        `On page ${page} (${placeOf(region)}) ${d.measure === "centre" ? "the line" : "the word"} "${d.text}" ${WHAT[d.measure](d)}: ` +
        (!field
          ? "it is part of the issuer's pre-printed form, whose layout may set words apart on purpose, so this is only noted."
          : noted
            ? "on a scan or photo this is the issuer's design or the capture's blur as often as an edit, so this is only noted."
            : "the holder's data set apart from the type around it, as a retyped, spliced or cloned field is."),
      page,
      region,
      evidence: {
        statistic: `typography_${d.measure}`,
        value: d.value,
        page_spread: d.pageSpread,
        threshold: result.threshold[d.measure],
        peers: d.peers,
        covers_field: inField === null ? null : field,
        capture,
        words_measured: result.wordsMeasured,
      },
    });
    if (out.length >= MAX_FINDINGS) break;
  }
  return out;
}
