// A second, independent reading of the one figure a broken sum was excused by. Page OCR reads a
// figure among thousands of words; read again alone, enlarged and restricted to the characters a
// figure has, a look-alike misread (3 for 8) comes out differently, while a figure as printed
// reads the same twice. When it does, the look-alike excuse falls and the break weighs as what it
// is: a sum that does not add up on the page.
import sharp from "sharp";
import type { DocumentContext, PageImage, TextItem } from "../../context";
import { ocrStrip } from "../../pipeline/ocr";
import type { Finding, Region, Severity } from "../../types";
import { lumaAt } from "../pixel/raster";
import { INK, figureInk } from "./ink-box";
import { SURE_READING } from "./ocr-noise";

export interface Reread {
  text: string;
  confidence: number;
}

/** Reads one region of a page as a figure; injectable for tests. */
export type FigureReader = (page: PageImage, region: Region) => Promise<Reread | null>;

interface Repair {
  read: string;
  reading: string;
  region: Region;
  reason: string;
  unrepaired: { severity: Severity; score: number; reason: string };
}

/** Glyphs this tall (pixels) read best; the crop is enlarged up to 4× to reach it. */
const GLYPH_PX = 40;
/** A second reading below this confidence settles nothing. */
const MIN_CONFIDENCE = 60;
const FIGURE_ALPHABET = "0123456789.,-";

const digits = (s: string) => s.replace(/\D/g, "");

/**
 * The pixels read again: the figure's box with a margin of 0.35 of its height above and below, and
 * beside it only `beside` pixels (0.15 of its height by default). A colon or the last letter of its
 * label a word-space away, read with it (".89" at confidence 0 for "89"), spoils the second reading.
 */
export function figureCrop(
  page: { width: number; height: number },
  region: Region,
  beside?: number,
): { left: number; top: number; width: number; height: number } {
  const h = region.height * page.height;
  const padX = beside ?? Math.round(h * 0.15);
  const padY = Math.round(h * 0.35);
  const left = Math.max(0, Math.floor(region.x * page.width) - padX);
  const top = Math.max(0, Math.floor(region.y * page.height) - padY);
  const width = Math.min(page.width - left, Math.ceil(region.width * page.width) + 2 * padX);
  const height = Math.min(page.height - top, Math.ceil(h) + 2 * padY);
  return { left, top, width, height };
}

export const readFigure: FigureReader = async (page, box) => {
  const ink = figureInk(page, box);
  const region = ink?.region ?? box;
  const h = region.height * page.height;
  const crop = figureCrop(page, region);
  if (crop.width < 8 || crop.height < 8) return null;
  // The figure's own print alone: a table's dotted rule a few pixels off, or the last letter of its
  // label, read with it spoils the reading ("-157.42" on a photographed statement read right, at
  // confidence 0), and a crop cut tight to the ink clips a blurred glyph's fringe ("-141.53" at 30).
  const grey = cropGrey(page, crop, ink?.foreign);
  const factor = Math.min(4, Math.max(1, GLYPH_PX / Math.max(h, 1)));
  const first = await readAt(grey, crop, factor, ink ? h : 0);
  if (first && first.confidence >= MIN_CONFIDENCE) return first;
  // Enlarged, a small decimal point may be lost to its neighbours ("2,45468" at confidence 0 for a
  // clear "2,454.68"): at half that size it is read.
  const second = await readAt(grey, crop, factor / 2, ink ? h : 0);
  return second && second.confidence > (first?.confidence ?? -1) ? second : first;
};

/**
 * The crop's grey levels (luma, as a greyscale conversion weighs the channels: thresholded, the
 * plain mean of a photo's tinted ink and paper thickens strokes enough to close a 5 into a 6), ink
 * that is not the figure's painted as paper.
 */
function cropGrey(
  page: PageImage,
  crop: { left: number; top: number; width: number; height: number },
  foreign?: (x: number, y: number) => boolean,
): Buffer {
  const out = Buffer.alloc(crop.width * crop.height);
  for (let y = 0; y < crop.height; y++)
    for (let x = 0; x < crop.width; x++) {
      const [px, py] = [crop.left + x, crop.top + y];
      out[y * crop.width + x] = foreign?.(px, py) ? 255 : lumaAt(page.rgb, (py * page.width + px) * 3);
    }
  return out;
}

/** The crop read at `factor`; `inkHeight` (pixels) widens its white margin beside the figure's own ink. */
async function readAt(
  grey: Buffer,
  crop: { width: number; height: number },
  factor: number,
  inkHeight: number,
): Promise<Reread | null> {
  const beside = 20 + Math.round(0.15 * inkHeight * factor);
  const png = await sharp(grey, { raw: { width: crop.width, height: crop.height, channels: 1 } })
    .resize({ width: Math.max(1, Math.round(crop.width * factor)), kernel: "lanczos3" })
    // Print alone, black on white: light rules, a cell's border and the grey of photographed
    // paper against the white margin added below spoil the reading ("-1,335.79" read "1,335.79"
    // at confidence 17 from a phone photo, "-1.335.79" at 88 binarised).
    .threshold(INK)
    .extend({ top: 20, bottom: 20, left: beside, right: beside, background: "#ffffff" })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const result = await ocrStrip(png, { alphabet: FIGURE_ALPHABET, dpi: 300 });
  const text = result.lines.join(" ").trim();
  return text ? { text, confidence: result.confidence } : null;
}

/** A word of a page to read again, and the region of it to read. */
export interface DoubtedWord {
  index: number;
  region: Region;
  /** A word read apart from it that the region takes in too: the reading, when taken, stands for both. */
  absorbs?: number;
}

/**
 * The context with chosen words of its OCR'd pages read again alone: `pick` names a page's doubted
 * words (at most `max` a page: each is an OCR pass over a small crop), `accept` turns a second
 * reading read surely enough into the word's new reading, or keeps the first with null. The same
 * context when nothing changed.
 */
export async function rereadWords(
  ctx: DocumentContext,
  pick: (page: PageImage) => DoubtedWord[],
  accept: (item: TextItem, reading: string, page: PageImage, doubted: DoubtedWord) => string | null,
  read: FigureReader,
  { max = 6, minConfidence = MIN_CONFIDENCE }: { max?: number; minConfidence?: number } = {},
): Promise<DocumentContext> {
  const pages = await Promise.all(
    ctx.pages.map(async (page) => {
      if (page.source === "pdf-text") return page;
      const doubted = pick(page).slice(0, max);
      const text = [...page.text];
      const absorbed = new Set<number>();
      let changed = false;
      for (const word of doubted) {
        const { index, region, absorbs } = word;
        const item = page.text[index] as TextItem;
        const again = await read(page, region).catch(() => null);
        if (!again || again.confidence < minConfidence) continue;
        const reading = accept(item, again.text.replace(/\s+/g, ""), page, word);
        if (reading === null) continue;
        // A reading that stands for two words takes the box they were read in together.
        text[index] = {
          ...item,
          ...(absorbs === undefined ? {} : region),
          text: reading,
          confidence: again.confidence,
        };
        if (absorbs !== undefined) absorbed.add(absorbs);
        changed = true;
      }
      return changed ? { ...page, text: text.filter((_, i) => !absorbed.has(i)) } : page;
    }),
  );
  return pages.every((p, i) => p === ctx.pages[i]) ? ctx : { ...ctx, pages };
}

interface Doubt {
  figures: Array<{ read: string; region: Region; confidence: number }>;
  rest: number;
  note: string;
  uncapped: { severity: Severity; score: number };
}

/** A doubted figure at most this many to a finding is read again; more is a page OCR could not read. */
const MAX_DOUBTED = 4;

/**
 * Findings whose break a look-alike reading excused (`evidence.ocr_repair`), each with the figure
 * read a second time: read again as printed, the break weighs as if no misread could explain it.
 * Then findings held down because a figure was read unsurely (`evidence.ocr_doubt`): read again
 * alone, surely and digit for digit as before, the figure is what the page prints, and the break
 * weighs as it would have with a sure first reading.
 */
export async function rereadExcusedFigures(
  ctx: Pick<DocumentContext, "pages">,
  findings: Finding[],
  read: FigureReader = readFigure,
): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const finding of findings) {
    const page = ctx.pages.find((p) => p.page === finding.page);
    if (!page || page.source === "pdf-text") {
      out.push(finding);
      continue;
    }
    const repaired = await rereadRepair(page, finding, read);
    const doubt = (
      repaired.evidence?.ocr_repair
        ? (repaired.evidence.ocr_repair as { confirmed?: boolean; unrepaired: { ocr_doubt?: Doubt } }).confirmed
          ? (repaired.evidence.ocr_repair as { unrepaired: { ocr_doubt?: Doubt } }).unrepaired.ocr_doubt
          : undefined
        : repaired.evidence?.ocr_doubt
    ) as Doubt | undefined;
    const doubted = doubt ? await rereadDoubt(page, repaired, doubt, read) : repaired;
    const confirm = doubted.evidence?.ocr_confirm as Confirm | undefined;
    out.push(confirm ? await rereadConfirm(page, doubted, confirm, read) : doubted);
  }
  return out;
}

interface Confirm {
  figure: { read: string; region: Region };
  /** The clause of the message the second reading is told after. */
  after: string;
  sure: { severity: Severity; score: number };
}

/**
 * A figure read surely whose break OCR would still excuse as a misreading (one balance off between
 * lines that agree with each other), read again alone: the same digits, surely, and it is printed
 * so; the break weighs as a sure reading of it does.
 */
async function rereadConfirm(
  page: PageImage,
  finding: Finding,
  confirm: Confirm,
  read: FigureReader,
): Promise<Finding> {
  const again = await read(page, confirm.figure.region).catch(() => null);
  const confirmed =
    again !== null && again.confidence >= SURE_READING && digits(again.text) === digits(confirm.figure.read);
  const evidence = { ...finding.evidence, ocr_confirm: { ...confirm, reread: again, confirmed } };
  if (!confirmed) return { ...finding, evidence };
  return {
    ...finding,
    severity: confirm.sure.severity,
    score: confirm.sure.score,
    message: finding.message.replace(
      confirm.after,
      `${confirm.after}; read a second time on its own, "${confirm.figure.read}" reads the same, so it is printed so and no misreading`,
    ),
    evidence,
  };
}

async function rereadRepair(page: PageImage, finding: Finding, read: FigureReader): Promise<Finding> {
  const repair = finding.evidence?.ocr_repair as Repair | undefined;
  if (!repair) return finding;
  const again = await read(page, repair.region).catch(() => null);
  const confirmed =
    again !== null &&
    again.confidence >= MIN_CONFIDENCE &&
    // A rule or a border beside the figure may read as one more digit at either end.
    digits(again.text).includes(digits(repair.read)) &&
    !digits(again.text).includes(digits(repair.reading));
  const evidence = { ...finding.evidence, ocr_repair: { ...repair, reread: again, confirmed } };
  if (!confirmed) return { ...finding, evidence };
  return {
    ...finding,
    severity: repair.unrepaired.severity,
    score: repair.unrepaired.score,
    message: finding.message.replace(
      repair.reason,
      `read a second time on its own, "${repair.read}" reads the same, so it is no look-alike misread; ${repair.unrepaired.reason}`,
    ),
    evidence,
  };
}

async function rereadDoubt(page: PageImage, finding: Finding, doubt: Doubt, read: FigureReader): Promise<Finding> {
  if (doubt.figures.length === 0 || doubt.figures.length > MAX_DOUBTED) return finding;
  const rereads: Array<Reread | null> = [];
  for (const figure of doubt.figures) rereads.push(await read(page, figure.region).catch(() => null));
  // Digit for digit: a figure OCR dropped a digit of reads differently when read alone.
  const confirmed = doubt.figures.every((figure, i) => {
    const again = rereads[i];
    return again != null && again.confidence >= SURE_READING && digits(again.text) === digits(figure.read);
  });
  const evidence = { ...finding.evidence, ocr_doubt: { ...doubt, rereads, confirmed } };
  if (!confirmed) return { ...finding, evidence };
  // The figures now stand as surely as their second readings and the figures read surely the first time.
  const sure = Math.round(Math.min(doubt.rest, ...rereads.map((r) => r?.confidence ?? 0)));
  const figures = doubt.figures.map((f) => `"${f.read}"`).join(", ");
  return {
    ...finding,
    severity: doubt.uncapped.severity,
    score: doubt.uncapped.score,
    message: finding.message.replace(
      doubt.note,
      `; ${figures}, read by OCR unsurely, ${doubt.figures.length > 1 ? "read" : "reads"} the same a second time on ${doubt.figures.length > 1 ? "their" : "its"} own`,
    ),
    evidence: {
      ...evidence,
      ...(typeof finding.evidence?.reading_confidence === "number" ? { reading_confidence: sure } : {}),
    },
  };
}
