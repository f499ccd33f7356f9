// Runs the pixel analyses on one page, collects their findings, and notes where findings of
// independent measurements fall on one place (agreement.ts).
import type { DocumentContext, PageImage } from "../../context";
import { regionsOverlap } from "../../region";
import type { Finding, Region } from "../../types";
import { agreementFindings } from "./agreement";
import { codecOf } from "./codec";
import { analyseCopyMove, copyMoveScale } from "./copy-move";
import {
  baselineFinding,
  copyMoveFindings,
  flatPaperFindings,
  ghostFindings,
  gridFindings,
  noiseFindings,
  paperToneFindings,
  sharpnessFindings,
  type ToRegion,
} from "./findings";
import { analyseGhost, type GhostResult } from "./ghost";
import { analyseGrid, type GridResult } from "./grid";
import { readLumaTable } from "./jpeg-tables";
import { analyseNoise } from "./noise";
import { analysePaperPatches } from "./paper-patch";
import { analysePaperTone } from "./paper-tone";
import { orientRegion, pixelRegion, storedRaster, toGrey, wordBox } from "./raster";
import { captureOf } from "./capture";
import { fieldRegions, fieldWords, holderNameOf } from "./field-regions";
import { holderSlotWords, readsAsName } from "./holder-words";
import { findCutGlyphs } from "./cut-glyphs";
import { figuresInName } from "./figure-in-name";
import { figureInNameFindings } from "./figure-in-name-findings";
import { cutGlyphsFindings } from "./cut-glyphs-findings";
import { analyseLetterform } from "./letterform";
import { letterformFindings } from "./letterform-findings";
import { analysePageFace } from "./page-face";
import { pageFaceFindings } from "./page-face-findings";
import { analyseSharpness, type SharpnessResult } from "./sharpness";
import { analyseResampledType } from "./resampled-type";
import { resampledTypeFindings } from "./resampled-type-findings";
import { analyseStemScale } from "./stem-scale";
import { stemScaleFindings } from "./stem-scale-findings";
import { analyseTypeRasteriser } from "./type-rasteriser";
import { typeRasteriserFindings } from "./type-rasteriser-findings";
import { analyseTypography } from "./typography";
import { typographyFindings } from "./typography-findings";
import { findWordClones } from "./word-clone";
import { wordCloneFindings } from "./word-clone-findings";
import { analyseInkGrain } from "./ink-grain";
import { inkGrainFindings } from "./ink-grain-findings";
import { analyseWordPaper } from "./word-paper";
import { wordPaperFindings } from "./word-paper-findings";

/** A4's long side in inches: without a known resolution, a document photo is assumed to span it. */
const A4_LONG_INCHES = 11.69;
const GRID_MIN_NOISE = 0.3;
/** OCR confidence of a word read surely: a QR code's modules or a logo read as words fall below it. */
const SURE_READING = 60;

export async function analysePage(
  ctx: DocumentContext,
  page: PageImage,
  log: (message: string) => void,
): Promise<Finding[]> {
  const deep = ctx.mode === "deep";
  // A scanned PDF page is analysed on the JPEG it stores, not on a resampled rendering of it.
  if (page.embedded) page = { ...page, ...page.embedded };
  // The compression analyses need the raster exactly as the JPEG encoder saw it (its 8×8 grid is
  // anchored there), so everything runs on the stored orientation and regions are turned upright.
  const upright = toGrey(page.rgb, page.width, page.height);
  const stored = await storedRaster(ctx, page, upright);
  const g = stored.grey;
  const toRegion: ToRegion = (x0, y0, x1, y1) =>
    orientRegion(pixelRegion(x0, y0, x1, y1, g.width, g.height), stored.orientation);

  const fileTable = stored.fromJpeg ? readLumaTable(page.embedded?.jpeg ?? ctx.bytes) : null;
  // A scanned PDF page is re-rendered from its embedded image at another scale: the 8×8 grid and
  // the coefficients the compression analyses read are resampled away, so only noise and
  // copy-move are meaningful there.
  const compressed = page.source !== "pdf-scan" || page.embedded !== undefined;
  const ghost = compressed ? analyseGhost(g, fileTable, { sampleStep: deep ? 1 : 4, everyCell: deep }) : skippedGhost();
  log(
    ghost.primaryQuality
      ? `page ${page.page}: earlier JPEG save at quality ~${ghost.primaryQuality}, ${ghost.regions.length} region(s) off it`
      : `page ${page.page}: no earlier JPEG save visible; ghost analysis has nothing to compare`,
  );
  const noise = analyseNoise(g, { rowStep: deep ? 1 : 3 });
  // On a noiseless render, anti-aliased glyph edges at a fixed pitch (monospace, an MRZ) make
  // small periodic steps that read like block borders; block borders are judged on photos and
  // scans, whose noise the JPEG blocks visibly flatten.
  const grid =
    compressed && (noise.pageSigma ?? 0) >= GRID_MIN_NOISE ? analyseGrid(g, { step: deep ? 1 : 3 }) : skippedGrid();
  log(`page ${page.page}: noise ${noise.pageSigma ?? "n/a"}, JPEG grid strength ${grid.pageStrength}`);
  const capture = captureOf(g, ctx.metadata, noise.pageSigma);
  // Flat paper is foreign only to a capture: a render's paper is flat everywhere.
  const paper = capture.capture === "capture" ? analysePaperPatches(g, noise.pageSigma) : null;
  // Lighter than the paper is foreign only to a capture too: a render may set white cards on tint.
  const tone = capture.capture === "capture" ? analysePaperTone(g) : null;
  log(`page ${page.page}: ${capture.capture.replace("_", "-")} (${capture.reasons.join(", ")})`);
  // Every glyph of a render is drawn equally crisp: "crisper than the capture blurred the rest"
  // is a question only a scan or a photo can answer.
  const sharpness =
    capture.capture === "capture"
      ? analyseSharpness(g, { step: deep ? 1 : 2, noiseSigma: noise.pageSigma })
      : skippedSharpness();
  log(
    `page ${page.page}: print edge width ${sharpness.pageEdgeWidth ?? "n/a"} px, ${sharpness.regions.length} crisper region(s)`,
  );

  // Standard mode matches blocks at about 150 dpi (clones of a digit stay several blocks wide), or
  // finer on a small page (copyMoveScale), deep mode at full resolution.
  const dpi = page.dpi ?? Math.max(g.width, g.height) / A4_LONG_INCHES;
  const copy = analyseCopyMove(g, {
    scale: deep ? 1 : copyMoveScale(dpi, g.width, g.height),
    pageNoiseSigma: noise.pageSigma,
    maxCandidates: deep ? 3000 : 300,
    // Only the JPEG the page was saved in keeps the grid a clone's copies were rounded on.
    lumaTable: fileTable,
  });
  log(`page ${page.page}: ${copy.candidates} copy-move candidates, ${copy.verified} with copied noise`);

  const codec = page.embedded ? "jpeg" : codecOf(ctx.format);
  const fields = fieldRegions(ctx, page.text);
  const inField = fields && ((r: Region) => fields.some((f) => regionsOverlap(r, f)));
  const ghostFound = ghostFindings(page.page, ghost, toRegion, codec, capture.capture, inField);
  const noiseFound = noiseFindings(page.page, noise, toRegion, codec);
  // Only findings that count can corroborate a grid: an observation the codec explains cannot.
  const others = [...ghostFound, ...noiseFound].flatMap((f) => (f.region && f.severity !== "info" ? [f.region] : []));
  const corroborated = (r: Region) => others.some((o) => regionsOverlap(r, o));
  // Even where the codec can explain a clean patch alone (info), crisper print on it cannot.
  const cleaned = noiseFound.flatMap((f) => (f.region && f.evidence?.kind === "too_clean" ? [f.region] : []));
  const paintedOver = (r: Region) => cleaned.some((o) => regionsOverlap(r, o));
  // Type is measured where OCR read it, on the upright page its word boxes describe (a text
  // layer's boxes need not match the pixels: an invisible layer over a flattened page).
  const ocrWords = page.text.filter((w) => w.source === "ocr");
  const typography = analyseTypography(upright, ocrWords, { isValue: fieldWords(ctx, page.text) });
  log(`page ${page.page}: ${typography.wordsMeasured} words measured, ${typography.deviations.length} set apart`);
  // Edge colours say which rasteriser drew a word only where no lossy save moved them.
  const rasteriser =
    page.source === "image" && codec === "lossless" && capture.capture === "born_digital"
      ? analyseTypeRasteriser(page.rgb, page.width, page.height, ocrWords)
      : null;
  if (rasteriser)
    log(
      `page ${page.page}: ${rasteriser.wordsMeasured} words' edge colours read, ${rasteriser.deviations.length} drawn apart`,
    );
  // On a render every glyph edge is drawn alike; a word resized after it was drawn is softer (on a
  // capture the optics soften every edge, unevenly across a photo, and sharpness.ts judges added
  // type there). A page with no sensor noise whose print is as crisp as a rasteriser draws it was
  // rendered, even where its artwork's shaded paper reads as a capture's (a card's design).
  const rendered =
    capture.capture === "born_digital" ||
    (noise.pageSigma !== null &&
      noise.pageSigma < GRID_MIN_NOISE &&
      sharpness.pageEdgeWidth !== null &&
      sharpness.pageEdgeWidth < sharpness.threshold.minPageWidth);
  const resampled = rendered ? analyseResampledType(upright, ocrWords) : null;
  if (resampled)
    log(
      `page ${page.page}: ${resampled.wordsMeasured} words' edges measured, ${resampled.deviations.length} resampled`,
    );
  // The face the holder's words are set in against their line's (letterform.ts), on a render only:
  // a scan's or photo's blur and ink spread thicken a hairline far more than a stem, so stroke
  // contrast there says as much about the optics as about the face.
  const isValue = fieldWords(ctx, page.text);
  const slots = holderSlotWords(page.text);
  const letterform = capture.capture === "born_digital" ? analyseLetterform(upright, ocrWords, slots) : null;
  if (letterform)
    log(
      `page ${page.page}: ${letterform.judged.length} holder's word(s) weighed against their line's face, ${letterform.deviations.length} in another`,
    );
  // The holder's words read surely or as names, where a whole value resampled is a cut-out pasted
  // (resampled-type-findings.ts): a resampled name is read less surely than the print around it.
  const holderBoxes = [...slots]
    .filter((w) => w.confidence >= SURE_READING || readsAsName(w))
    .map((w) => wordBox(w, upright));
  const pageFace = letterform ? analysePageFace(upright, ocrWords, slots, letterform.lineJudged) : null;
  if (pageFace)
    log(
      `page ${page.page}: ${pageFace.judged.length} holder's word(s) weighed against the page's face, ${pageFace.deviations.length} in another`,
    );
  // The holder's words' stems against the page's words of their size and weight (stem-scale.ts), on
  // a render only: a capture's blur and ink spread widen thin strokes and stems unevenly.
  const stems = rendered ? analyseStemScale(upright, ocrWords, (w) => isValue(w) || slots.has(w), slots) : null;
  if (stems)
    log(
      `page ${page.page}: ${stems.judged.length} holder's word(s) held against the page's stems, ${stems.deviations.length} resized`,
    );
  // On a render, the tops of the old letters a patch painted over the holder's data left standing.
  const cut =
    capture.capture === "born_digital" ? findCutGlyphs(upright, ocrWords, (w) => isValue(w) || slots.has(w)) : null;
  if (cut) log(`page ${page.page}: ${cut.length} word(s) of the holder's data with cut letter tops over them`);
  // A page without noise gives copy-move nothing to verify: a word of the page cloned over the holder's
  // data is found there by what the words are (word-clone.ts).
  const clones =
    copy.skipped !== undefined ? findWordClones(upright, ocrWords, isValue, slots, holderNameOf(ctx)) : null;
  if (clones)
    log(
      `page ${page.page}: ${clones.pairs} word pairs compared, ${clones.clones.length} word(s) of the page cloned over the holder's data`,
    );
  // Whatever the capture, a figure of the page read run into the name's letters: a clone OCR reads.
  const figures = clones?.clones.length ? [] : figuresInName(upright, ocrWords, slots);
  // A capture makes the paper between a word's letters with the paper around it; a value pasted
  // after the capture brings a cleaner paper of its own. The holder's data is what a forger pastes.
  const wordPaper =
    capture.capture === "capture" ? analyseWordPaper(upright, ocrWords, (w) => isValue(w) || slots.has(w)) : null;
  if (wordPaper)
    log(
      `page ${page.page}: ${wordPaper.wordsMeasured} words' paper held against the paper around them, ${wordPaper.deviations.length} lighter and cleaner`,
    );
  // The same words' strokes: a sensor's grain runs down every stroke's edge, a pasted value's stands still.
  const inkGrain =
    capture.capture === "capture" ? analyseInkGrain(upright, ocrWords, (w) => isValue(w) || slots.has(w)) : null;
  if (inkGrain)
    log(
      `page ${page.page}: ${inkGrain.wordsMeasured} words' stroke edges held against the page's grain, ${inkGrain.deviations.length} without it`,
    );
  const uprightRegion: ToRegion = (x0, y0, x1, y1) => pixelRegion(x0, y0, x1, y1, upright.width, upright.height);
  const found = [
    ...ghostFound,
    ...copyMoveFindings(page.page, copy, toRegion, codec, inField),
    ...noiseFound,
    ...(paper ? flatPaperFindings(page.page, paper, toRegion, codec, inField) : []),
    ...(tone ? paperToneFindings(page.page, tone, toRegion, codec, inField) : []),
    ...sharpnessFindings(page.page, sharpness, toRegion, paintedOver),
    ...gridFindings(page.page, grid, toRegion, corroborated, codec),
    ...typographyFindings(page.page, typography, uprightRegion, inField, capture.capture),
    ...(clones ? wordCloneFindings(page.page, clones, uprightRegion) : []),
    ...figureInNameFindings(page.page, figures, uprightRegion),
    ...(cut ? cutGlyphsFindings(page.page, cut, uprightRegion) : []),
    ...(letterform ? letterformFindings(page.page, letterform, uprightRegion) : []),
    ...(pageFace ? pageFaceFindings(page.page, pageFace, uprightRegion) : []),
    ...(stems ? stemScaleFindings(page.page, stems, uprightRegion) : []),
    ...(rasteriser ? typeRasteriserFindings(page.page, rasteriser, uprightRegion, inField) : []),
    ...(resampled ? resampledTypeFindings(page.page, resampled, uprightRegion, inField, holderBoxes) : []),
    ...(wordPaper ? wordPaperFindings(page.page, wordPaper, uprightRegion) : []),
    ...(inkGrain ? inkGrainFindings(page.page, inkGrain, uprightRegion) : []),
  ];
  return [
    ...found,
    ...agreementFindings(page.page, found, inField),
    baselineFinding(page.page, ghost, noise, grid, copy, capture),
  ];
}

function skippedSharpness(): SharpnessResult {
  return {
    pageEdgeWidth: null,
    textTiles: 0,
    threshold: { ratio: 0, minZ: 0, minPageWidth: 0, minEdges: 0 },
    regions: [],
  };
}

function skippedGhost(): GhostResult {
  return {
    fileQuality: null,
    primaryQuality: null,
    pageLatticeRatio: null,
    cellsAnalysed: 0,
    threshold: { minRatio: 0, minZ: 0, minCells: 0 },
    regions: [],
    foreign: [],
  };
}

function skippedGrid(): GridResult {
  return {
    pagePhase: null,
    pageStrength: 0,
    tilesAnalysed: 0,
    threshold: { tileStrength: 0, pageStrength: 0, dominance: 0, minPhaseDistance: 0, minTiles: 0 },
    regions: [],
  };
}
