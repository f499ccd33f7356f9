// Analysis results turned into findings a person can follow: what was measured, where, against
// which page baseline and threshold. Severities stay at medium or below for statistics that real
// documents can trip on their own (glare flattening noise, a faint grid), and reach high only
// where the evidence is hard to produce by accident (a clone's copied noise, a large region off
// the page's compression history).
import type { Capture, CaptureEvidence, MadeBy } from "./capture";
import { nearOnOneLine, placeOf, type PixelBox } from "../../region";
import type { Finding, Region, Severity } from "../../types";
import type { Codec } from "./codec";
import { codecPhase } from "./codec";
import { bandCopied, FULL_WEIGHT_PIXELS, type CopyMoveResult } from "./copy-move";
import { CELL_MAX_RATIO } from "./foreign-lattice";
import type { GhostResult } from "./ghost";
import type { GridResult } from "./grid";
import type { NoiseResult } from "./noise";
import type { PaperPatchResult } from "./paper-patch";
import type { PaperToneResult } from "./paper-tone";
import type { SharpnessResult } from "./sharpness";
import { clamp01, round } from "./stats";

/** Converts a pixel box of the analysed raster to an upright page region. */
export type ToRegion = (x0: number, y0: number, x1: number, y1: number) => Region;

/** The page region around pixel boxes found together (the words of one finding). */
export function regionAround(
  boxes: ReadonlyArray<{ x0: number; y0: number; x1: number; y1: number }>,
  toRegion: ToRegion,
): Region {
  return toRegion(
    Math.min(...boxes.map((b) => b.x0)),
    Math.min(...boxes.map((b) => b.y0)),
    Math.max(...boxes.map((b) => b.x1)),
    Math.max(...boxes.map((b) => b.y1)),
  );
}

/**
 * Words measured apart, grouped into the values they belong to (a name is several words): each
 * group is its first-listed word (the seed) with the neighbours on its line that `alike` admits,
 * left to right; a word joins one group only.
 */
export function valuesOf<T extends PixelBox>(
  words: readonly T[],
  alike: (a: T, b: T) => boolean = () => true,
): Array<{ seed: T; words: T[] }> {
  const used = new Set<T>();
  const values: Array<{ seed: T; words: T[] }> = [];
  for (const seed of words) {
    if (used.has(seed)) continue;
    const group = words.filter((e) => !used.has(e) && alike(seed, e) && nearOnOneLine(seed, e));
    for (const e of group) used.add(e);
    values.push({ seed, words: group.sort((a, b) => a.x0 - b.x0) });
  }
  return values;
}

const MAX_PER_CHECK = 3;
/** Page noise (grey levels) below which even a noiseless patch is only a medium sign. */
const MIN_BLANK_BASELINE = 0.6;
/** Noise (grey levels) a patch of paper has when nothing at all is left of the capture's noise. */
const NOISELESS = 0.1;
/**
 * Page noise (the median tile's, grey levels) below which the page is a render: its typical area
 * carries no noise at all (0–0.03 measured on PNG and JPEG exports), where a scan or a photo keeps
 * 0.6 or more even after a JPEG save.
 */
const RENDERED_PAGE = 0.25;

function severityOf(score: number, cap: Severity): Severity {
  const order: Severity[] = ["info", "low", "medium", "high", "critical"];
  const raw: Severity = score >= 0.8 ? "high" : score >= 0.6 ? "medium" : "low";
  return order.indexOf(raw) > order.indexOf(cap) ? cap : raw;
}

/**
 * Whether a region covers printed holder data (see field-regions.ts); null when the page's text is
 * unknown. A compression anomaly over the issuer's pre-printed form alone stays medium: one medium
 * finding never flags a document by itself, and beside independent evidence it still counts.
 */
export type InField = ((region: Region) => boolean) | null;

const FORM_CAVEAT =
  " It covers none of the holder's data (name, numbers, dates) but the issuer's pre-printed form, which is the same on every document and which artwork and saturated colours can set apart on their own, so it weighs less.";

const outsideFields = (inField: InField, region: Region) => inField !== null && !inField(region);

function foreignLatticeFindings(page: number, result: GhostResult, toRegion: ToRegion, inField: InField): Finding[] {
  return result.foreign.slice(0, MAX_PER_CHECK).map((r) => {
    const region = toRegion(r.x0, r.y0, r.x1, r.y1);
    const form = outsideFields(inField, region);
    // How far below the page the region sits (a cell that never went through the quality sits at
    // the page's ratio), and over how many cells: one field consistently on a lattice the page
    // never went through is hard to produce by accident.
    const fitness = clamp01(1 - r.latticeRatio / r.pageRatio);
    const score = round(clamp01(0.45 + 0.25 * fitness + 0.2 * Math.min(1, r.cells / 16)), 2);
    return {
      check: "pixel.jpeg_ghost",
      severity: severityOf(score, form ? "medium" : "high"),
      score,
      message:
        `A region on page ${page} (${placeOf(region)}) still carries a JPEG compression at quality ~${r.quality} ` +
        `(lattice ratio ${r.latticeRatio}) that the rest of the page never went through (${r.pageRatio} there): ` +
        `it was edited or taken from another JPEG and pasted in before the final save.` +
        (form ? FORM_CAVEAT : ""),
      page,
      region,
      evidence: {
        statistic: "jpeg_lattice_ratio",
        kind: "foreign_lattice",
        value: r.latticeRatio,
        page_baseline: r.pageRatio,
        region_quality: r.quality,
        file_quality: result.fileQuality,
        cells_16px: r.cells,
        covers_field: inField === null ? null : !form,
        threshold: { max_cell_ratio: CELL_MAX_RATIO, min_page_ratio: 0.6 },
      },
    };
  });
}

export function ghostFindings(
  page: number,
  result: GhostResult,
  toRegion: ToRegion,
  codec: Codec,
  capture: Capture = "capture",
  inField: InField = null,
): Finding[] {
  if (result.primaryQuality === null) return foreignLatticeFindings(page, result, toRegion, inField);
  return result.regions.slice(0, MAX_PER_CHECK).map((r) => {
    // A born-digital page's flat paper and vector strokes carry no texture for a compression
    // history to live in: a region without one is the page itself. A region that fits another
    // JPEG quality of its own was still pasted from another JPEG.
    const rendered = capture === "born_digital" && r.regionBestQuality === null;
    // A block-transform codec erases an earlier JPEG lattice unevenly on its own; only a region
    // that fits another JPEG quality (which such a codec cannot produce) stays evidence there.
    const codecMade = codec === "block-transform" && r.regionBestQuality === null;
    // The smallest region that groups at all (a few 16×16 cells, less than a word) with no JPEG
    // fit of its own is as often a spot where colour conversion and rounding broke the lattice on
    // a genuine page; a pasted field spans more cells, and a region with a quality of its own stays strong.
    const tiny = r.cells <= result.threshold.minCells && r.regionBestQuality === null;
    const region = toRegion(r.x0, r.y0, r.x1, r.y1);
    const form = outsideFields(inField, region);
    const strength = clamp01((r.latticeRatio - r.classBaseline) / 0.8);
    const score = round(clamp01(0.35 + 0.4 * strength + 0.2 * Math.min(1, r.cells / 16)), 2);
    const own =
      r.regionBestQuality !== null
        ? ` Its own best fit is quality ${r.regionBestQuality}: it came from another JPEG.`
        : " It fits no earlier quality: it was never compressed on this grid (typed, pasted or shifted).";
    const caveat = codecMade
      ? " The file's own codec (WebP/AVIF/HEIC) re-quantises unevenly and can erase the old lattice in places, so this is only noted."
      : rendered
        ? " The page is a born-digital render (flat paper, no sensor noise), whose blank paper and crisp strokes keep no compression history anywhere, so this is only noted."
        : tiny
          ? " The region is too small to tell an edit from a spot where conversion broke the lattice, so this is only noted."
          : form
            ? FORM_CAVEAT
            : "";
    return {
      check: "pixel.jpeg_ghost",
      severity: codecMade || tiny || rendered ? "info" : severityOf(score, form ? "medium" : "high"),
      score,
      message:
        `A region on page ${page} (${placeOf(region)}) lacks the compression history of the rest of the page: ` +
        `the page still fits an earlier JPEG save at quality ~${result.primaryQuality} (lattice ratio ${result.pageLatticeRatio}), ` +
        `this region does not (${r.latticeRatio} against ${r.classBaseline} for blocks of similar text density), ` +
        `so it was likely pasted or edited after that save.${own}${caveat}`,
      page,
      region,
      evidence: {
        statistic: "jpeg_lattice_ratio",
        value: r.latticeRatio,
        class_baseline: r.classBaseline,
        page_baseline: result.pageLatticeRatio,
        z_score: r.zScore,
        cells_16px: r.cells,
        primary_quality: result.primaryQuality,
        file_quality: result.fileQuality,
        region_best_quality: r.regionBestQuality,
        region_best_ratio: r.regionBestRatio,
        covers_field: inField === null ? null : !form,
        container_codec: codec,
        threshold: result.threshold,
      },
    };
  });
}

export function noiseFindings(page: number, result: NoiseResult, toRegion: ToRegion, codec: Codec): Finding[] {
  // WebP/AVIF/HEIC rate control smooths noise where it saves bits and keeps it where it does not,
  // so on those containers a noise difference between regions is the codec's as often as a paste's.
  const codecMade = codec === "block-transform";
  // On a render most of the page is noiseless: the noisy areas are what was placed on it (a photo,
  // a scanned seal, guilloche art), and flat fills of the same brightness are the render itself.
  const rendered = (result.pageSigma ?? 0) < RENDERED_PAGE;
  return result.regions.slice(0, MAX_PER_CHECK).map((r) => {
    const region = toRegion(r.x0, r.y0, r.x1, r.y1);
    const clean = r.kind === "too_clean";
    const ratio = clean ? r.baseline / Math.max(r.sigma, 0.05) : r.sigma / Math.max(r.baseline, 0.05);
    const strength = clamp01(Math.log(ratio) / Math.log(8));
    const score = round(clamp01(0.3 + 0.35 * strength + 0.2 * Math.min(1, r.tiles / 8)), 2);
    // Glare and fine print move noise on genuine pages by a factor of two or three, never to
    // nothing: paper several times cleaner than its peers over a field-sized area, on a page with
    // clearly measurable noise, was painted or pasted, and counts as strong evidence. On a quieter
    // page (a phone's blurred noise) only paper with next to no noise left at all does.
    // A JPEG save thins a scan's noise (to ~0.6 grey levels at quality 75) but leaves some on every
    // patch of paper; a field-sized patch with none left at all (at the measure's floor) was painted.
    const blank =
      clean &&
      r.tiles >= 4 &&
      ((ratio >= 6 && (r.baseline >= 1 || (r.sigma <= NOISELESS && r.baseline >= MIN_BLANK_BASELINE))) ||
        (ratio >= 10 && r.baseline >= MIN_BLANK_BASELINE));
    const renderFill = clean && rendered;
    return {
      check: "pixel.noise_inconsistency",
      // A noisier patch is the weaker sign.
      severity: codecMade || renderFill ? "info" : severityOf(score, blank ? "high" : clean ? "medium" : "low"),
      score,
      message:
        (clean
          ? `A region on page ${page} (${placeOf(region)}) is much cleaner than the rest of the page ` +
            `(noise ${r.sigma} against ${r.baseline} grey levels in areas of the same brightness): ` +
            `typical of a field painted over and retyped, or a patch from a clean source.`
          : `A region on page ${page} (${placeOf(region)}) is much noisier than the rest of the page ` +
            `(noise ${r.sigma} against ${r.baseline} grey levels in areas of the same brightness): ` +
            `it may come from another image.`) +
        (codecMade
          ? " The file's codec (WebP/AVIF/HEIC) smooths noise unevenly on its own, so this is only noted."
          : renderFill
            ? " The page is a render whose typical area has no noise at all: flat fills are how it was drawn and the noisier areas of that brightness are pictures placed on it, so this is only noted."
            : ""),
      page,
      region,
      evidence: {
        statistic: "noise_sigma",
        kind: r.kind,
        value: r.sigma,
        brightness_class_baseline: r.baseline,
        page_baseline: result.pageSigma,
        z_score: r.zScore,
        tiles_32px: r.tiles,
        container_codec: codec,
        threshold: result.threshold,
      },
    };
  });
}

/** Flat cells a patch needs, with noisy paper all around, to count as strong evidence alone. */
const STRONG_PATCH_CELLS = 16;
const STRONG_RING_NOISY = 0.85;

/**
 * Field-sized paper without any of the capture's noise, enclosed by noisy paper (paper-patch.ts):
 * painted over, or pasted from a clean source. Strong alone only when large and cleanly enclosed
 * (a word's worth of paper with not one noisy pixel, which no scanner or camera leaves, wherever it
 * sits on the page); a smaller patch is a medium sign that needs another finding to flag the document.
 */
export function flatPaperFindings(
  page: number,
  result: PaperPatchResult,
  toRegion: ToRegion,
  codec: Codec,
  inField: InField = null,
): Finding[] {
  const codecMade = codec === "block-transform";
  return result.regions.slice(0, MAX_PER_CHECK).map((r) => {
    const region = toRegion(r.x0, r.y0, r.x1, r.y1);
    const form = outsideFields(inField, region);
    const strong = r.cells >= STRONG_PATCH_CELLS && r.ringNoisy >= STRONG_RING_NOISY;
    const score = round(
      clamp01(0.45 + 0.2 * Math.min(1, r.cells / 24) + 0.25 * clamp01((r.ringNoisy - 0.75) / 0.25)),
      2,
    );
    return {
      check: "pixel.flat_paper",
      severity: codecMade ? "info" : severityOf(score, strong ? "high" : "medium"),
      score,
      message:
        `The paper of a region on page ${page} (${placeOf(region)}) is perfectly flat (tone ${r.tone}), ` +
        `while the captured paper all around it carries the scanner's or camera's noise (tone ${r.ringTone}): ` +
        `a capture leaves noise on every pixel, so this patch was painted over or pasted from a clean source after the capture.` +
        (codecMade ? " The file's codec (WebP/AVIF/HEIC) flattens areas on its own, so this is only noted." : ""),
      page,
      region,
      evidence: {
        statistic: "flat_paper_cells",
        value: r.cells,
        flat_share: r.flatShare,
        ring_noisy_share: r.ringNoisy,
        tone: r.tone,
        ring_tone: r.ringTone,
        page_flat_share: result.pageFlatShare,
        covers_field: inField === null ? null : !form,
        container_codec: codec,
        threshold: result.threshold,
      },
    };
  });
}

/** Cells and step (grey levels above the lighter reference) for lighter paper to be strong alone. */
const STRONG_TONE_CELLS = 24;
const STRONG_TONE_STEP = 8;

/**
 * Paper lighter than the captured paper around it and than the page's lightest paper
 * (paper-tone.ts): a patch from a clean render pasted onto a scan or photo. Ink only darkens
 * paper, so a word's worth of paper a clear step lighter than any paper of the capture is strong
 * on the holder's data; smaller or fainter, or on the pre-printed form, it is a medium sign.
 */
export function paperToneFindings(
  page: number,
  result: PaperToneResult,
  toRegion: ToRegion,
  codec: Codec,
  inField: InField = null,
): Finding[] {
  const codecMade = codec === "block-transform";
  return result.regions.slice(0, MAX_PER_CHECK).map((r) => {
    const region = toRegion(r.x0, r.y0, r.x1, r.y1);
    const form = outsideFields(inField, region);
    const step = r.tone - Math.max(r.localPaper, r.pagePaper);
    const strong = !form && r.cells >= STRONG_TONE_CELLS && step >= STRONG_TONE_STEP;
    const score = round(
      clamp01(0.5 + 0.2 * Math.min(1, r.cells / STRONG_TONE_CELLS) + 0.25 * clamp01((step - 5) / 5)),
      2,
    );
    return {
      check: "pixel.paper_tone",
      severity: codecMade ? "info" : severityOf(score, strong ? "high" : "medium"),
      score,
      message:
        `The paper of a region on page ${page} (${placeOf(region)}) is lighter (tone ${r.tone}) than the captured paper ` +
        `around it (${r.localPaper}) and than the lightest paper of the whole page (${r.pagePaper}): ink only darkens ` +
        `paper, so nothing printed on a scanned or photographed sheet is lighter than the sheet; this patch was pasted ` +
        `from another, cleaner source after the capture.` +
        (form ? FORM_CAVEAT : "") +
        (codecMade ? " The file's codec (WebP/AVIF/HEIC) shifts tones on its own, so this is only noted." : ""),
      page,
      region,
      evidence: {
        statistic: "lighter_paper_cells",
        value: r.cells,
        tone: r.tone,
        local_paper: r.localPaper,
        page_paper: r.pagePaper,
        step: round(step, 1),
        covers_field: inField === null ? null : !form,
        container_codec: codec,
        threshold: result.threshold,
      },
    };
  });
}

/**
 * `paintedOver` tells whether the paper around a region lost the page's noise (see noise.ts):
 * a field painted over and typed again leaves both traces, from two independent measurements.
 */
export function sharpnessFindings(
  page: number,
  result: SharpnessResult,
  toRegion: ToRegion,
  paintedOver: (r: Region) => boolean,
): Finding[] {
  return result.regions.slice(0, MAX_PER_CHECK).map((r) => {
    const region = toRegion(r.x0, r.y0, r.x1, r.y1);
    // Strokes thinner than the blur read up to ~1.5× crisper on their own, so a region counts as
    // strong evidence only well past that, and with enough edges behind its median.
    const ratio = r.baseline / Math.max(r.edgeWidth, 0.1);
    const strength = clamp01((ratio - result.threshold.ratio) / 0.5);
    const own = round(clamp01(0.5 + 0.35 * strength + 0.15 * Math.min(1, r.edges / 200)), 2);
    // Crisper print on paper that also lost its noise is the whole retype, not a thin stroke.
    const corroborated = paintedOver(region);
    const score = corroborated ? Math.max(own, 0.8) : own;
    return {
      check: "pixel.sharp_text",
      severity: severityOf(score, "high"),
      score,
      message:
        `Print on page ${page} (${placeOf(region)}) has far crisper edges than the print around it ` +
        `(edge width ${r.edgeWidth} px against ${r.baseline} px): the camera or scanner blurred everything ` +
        `it captured alike, so this was most likely typed or pasted onto the image afterwards.` +
        (corroborated
          ? " The paper around it has lost the page's noise as well: the field was painted over first."
          : ""),
      page,
      region,
      evidence: {
        statistic: "edge_width_px",
        value: r.edgeWidth,
        neighbourhood_baseline: r.baseline,
        page_baseline: result.pageEdgeWidth,
        z_score: r.zScore,
        edges: r.edges,
        tiles_32px: r.tiles,
        threshold: result.threshold,
        ...(corroborated ? { corroborated_by: "pixel.noise_inconsistency" } : {}),
      },
    };
  });
}

/**
 * Barcodes, QR codes and monospaced lines can fake a second grid on their own, so a misaligned
 * grid counts only where another analysis (ghost or noise) found the same region; alone it is
 * reported as an observation.
 */
export function gridFindings(
  page: number,
  result: GridResult,
  toRegion: ToRegion,
  corroborated: (region: Region) => boolean,
  codec: Codec,
): Finding[] {
  // A block-transform codec leaves borders on its own 4-pixel lattice: a second grid there is its.
  const regions =
    codec === "block-transform"
      ? result.regions.filter((r) => !codecPhase(r.phase[0]) && !codecPhase(r.phase[1]))
      : result.regions;
  return regions.slice(0, MAX_PER_CHECK).map((r) => {
    const region = toRegion(r.x0, r.y0, r.x1, r.y1);
    const strength = clamp01((r.strength - result.threshold.tileStrength) / 1.5);
    const confirmed = corroborated(region);
    const score = round(clamp01(0.4 + 0.3 * strength + 0.2 * Math.min(1, r.tiles / 4)) * (confirmed ? 1 : 0.5), 2);
    const pagePhase = result.pagePhase ?? [7, 7];
    const message =
      `A region on page ${page} (${placeOf(region)}) carries JPEG block borders at offset ` +
      `(${r.phase[0]}, ${r.phase[1]}) while the page's are at (${pagePhase[0]}, ${pagePhase[1]}): ` +
      (confirmed
        ? `it was cut from another JPEG and pasted off the page's 8×8 grid.`
        : `on its own this can also be periodic print (a barcode, a monospaced line), so it is only noted.`);
    return {
      check: "pixel.jpeg_grid",
      severity: confirmed ? severityOf(score, "medium") : "info",
      score,
      message,
      page,
      region,
      evidence: {
        statistic: "blocking_phase",
        value: r.phase,
        strength: r.strength,
        page_baseline: result.pagePhase,
        page_strength: result.pageStrength,
        tiles_64px: r.tiles,
        corroborated: confirmed,
        container_codec: codec,
        threshold: result.threshold,
      },
    };
  });
}

/** Agreeing noise pixels a clone needs on WebP/AVIF/HEIC, whose smoothing makes flat areas agree on its own. */
const CODEC_MIN_MATCHED_NOISE = 150;

export function copyMoveFindings(
  page: number,
  result: CopyMoveResult,
  toRegion: ToRegion,
  codec: Codec,
  inField: InField = null,
): Finding[] {
  return result.regions.slice(0, MAX_PER_CHECK).map((r) => {
    // A block-transform codec flattens the noise of whole blocks to the same smooth surface, so two
    // repeats of a pattern (barcode modules, a rule) can agree over a few dozen pixels by its doing.
    const codecMade = codec === "block-transform" && r.matchedNoisePixels < CODEC_MIN_MATCHED_NOISE;
    const region = toRegion(r.b.x0, r.b.y0, r.b.x1, r.b.y1);
    const source = toRegion(r.a.x0, r.a.y0, r.a.x1, r.a.y1);
    // Found by the bands (copy-move.ts bandAgreement) when a JPEG save left too little paper
    // agreeing pixel for pixel: weighed by how much paper agreed there and how well. Where both
    // tests saw the copy, the stronger measurement weighs it (a phone's JPEG may leave a few dozen
    // pixels agreeing one for one over a word whose coarser noise agrees throughout).
    const pixelwise = r.matchedNoisePixels >= result.threshold.minMatchedNoisePixels;
    const pixelScore = pixelwise
      ? clamp01(0.5 + 0.25 * Math.min(1, r.matchedNoisePixels / FULL_WEIGHT_PIXELS) + 0.2 * clamp01(r.noiseCorrelation))
      : 0;
    const bandScore =
      r.band && bandCopied(r.band)
        ? clamp01(0.5 + 0.25 * Math.min(1, r.band.pixels / 1000) + 0.2 * clamp01(r.band.coarse))
        : 0;
    // Found by the copies' JPEG blocks (requantised-copy.ts): high wherever it stands. Twenty blocks
    // and more coming back, several times more than at any other repeat of the page, is what one
    // set of pixels rounded twice gives, and two prints did not on any tuned genuine scan or photo
    // (16 blocks at most); the copy often covers the holder's data so that the reader no longer
    // sees data there (the form's word read in its place), so its place cannot be required.
    const requantised = r.requantised ?? null;
    const requantScore = requantised ? clamp01(0.8 + 0.15 * Math.min(1, (requantised.agreeing - 20) / 40)) : 0;
    const band = bandScore > pixelScore ? r.band : null;
    const score = round(Math.max(pixelScore, bandScore, requantScore), 2);
    // Copied noise is already more than repeated printing can make (copy-move.ts verifies it); where
    // one of the copies lies over the holder's data (a name, a number, a date), it is the edit a
    // forger makes, not a chance of the page, however few pixels were left to agree once the capture
    // was saved: high. Elsewhere its weight follows how much noise agreed.
    const onField = inField !== null && (inField(region) || inField(source));
    return {
      check: "pixel.copy_move",
      severity: codecMade ? "info" : onField ? "high" : severityOf(score, "high"),
      score,
      message:
        `Two areas of page ${page} (${placeOf(source)} and ${placeOf(region)}) are copies of each other down to ` +
        (requantised
          ? `the pixels the JPEG save started from (${requantised.agreeing} of the copy's ${requantised.blocks} 8×8 blocks come back coefficient for coefficient when the other copy is rounded on their grid), `
          : band
            ? `their noise (the noise a JPEG save keeps agrees over ${band.pixels} background pixels, correlation ${band.coarse}), `
            : `their noise (${r.matchedNoisePixels} background pixels agree, noise correlation ${r.noiseCorrelation}), `) +
        `which repeated printing cannot produce: one was cloned from the other` +
        (onField ? ", over the holder's data." : ".") +
        (codecMade
          ? " The file's codec (WebP/AVIF/HEIC) smooths noise over whole blocks, which can make this few pixels agree on its own, so this is only noted."
          : ""),
      page,
      region,
      evidence: {
        statistic: "noise_identity",
        other_region: source,
        shift_px: r.shift,
        matched_noise_pixels: r.matchedNoisePixels,
        identical_share: r.identicalShare,
        noise_correlation: r.noiseCorrelation,
        band_agreement: r.band ?? null,
        requantised_blocks: requantised,
        noise_sigma: r.noiseSigma,
        mean_abs_difference: r.meanAbsDifference,
        supporting_blocks: r.supportingBlocks,
        covers_field: inField === null ? null : onField,
        work_scale: result.workScale,
        container_codec: codec,
        threshold: result.threshold,
      },
    };
  });
}

const MADE_BY: Record<MadeBy, string> = {
  render: "a born-digital render",
  jpeg_export: "a born-digital render exported as JPEG",
  scan: "a scan",
  camera_photo: "a camera photo",
};

/** What the page itself looks like, so a reader can judge the other findings (never counts). */
export function baselineFinding(
  page: number,
  ghost: GhostResult,
  noise: NoiseResult,
  grid: GridResult,
  copy: CopyMoveResult,
  capture: CaptureEvidence,
): Finding {
  const history = ghost.primaryQuality
    ? `an earlier JPEG save at quality ~${ghost.primaryQuality}`
    : "no earlier JPEG save";
  return {
    check: "pixel.baseline",
    severity: "info",
    score: 0,
    message:
      `Page ${page} pixel baseline: ${MADE_BY[capture.made_by]}, ${history}` +
      (ghost.fileQuality ? `, saved at quality ~${ghost.fileQuality}` : "") +
      `, noise ${noise.pageSigma ?? "not measurable"}, ` +
      (grid.pagePhase ? `JPEG grid strength ${grid.pageStrength}` : "no JPEG grid") +
      (copy.skipped
        ? `; copy-move not judged (${copy.skipped})`
        : `; ${copy.candidates} copy-move candidates checked`) +
      ".",
    page,
    region: null,
    evidence: {
      capture: capture.capture,
      made_by: capture.made_by,
      light_falloff: capture.light_falloff,
      flat_paper: capture.flat_paper,
      file_quality: ghost.fileQuality,
      primary_quality: ghost.primaryQuality,
      page_lattice_ratio: ghost.pageLatticeRatio,
      ghost_cells: ghost.cellsAnalysed,
      noise_sigma: noise.pageSigma,
      noise_tiles: noise.tilesAnalysed,
      grid_phase: grid.pagePhase,
      grid_strength: grid.pageStrength,
      copy_move_candidates: copy.candidates,
      copy_move_scale: copy.workScale,
    },
  };
}
