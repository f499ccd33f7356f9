// OCR with tesseract.js and the language data shipped in @tesseract.js-data/eng and
// @tesseract.js-data/srp (no CDN, no cache on disk). One worker per language and process, created
// on first use and reused: creating one costs ~0.4 s, recognising a page at our resolution
// ~0.3–1 s. English reads every page; the Serbian Cyrillic model (its package imported only then)
// is loaded for a page whose lines English could not read (see recogniseText).
import eng from "@tesseract.js-data/eng";
import sharp from "sharp";
import { createWorker, OEM, type Worker } from "tesseract.js";
import type { TextItem } from "../context";
import { greyInput, greyOf } from "./raster";
import { eraseTableRules } from "./table-rules";
import type { VerificationMode } from "../types";

/**
 * Longer side of the image handed to OCR. 2000 px on A4 (~170 dpi) is where small print keeps its
 * minus signs and decimal points (at 1600 px a third of a statement's "-24.11" lost the "-");
 * deep mode reads at up to 300 dpi.
 */
const OCR_SIDE = { standard: { min: 1400, max: 2000 }, deep: { min: 2000, max: 3500 } };

/** The scripts page OCR reads: Latin (English model) and Cyrillic (Serbian model). */
export type OcrScript = "latin" | "cyrillic";
type LanguageData = { code: string; langPath: string };
const LANGUAGE: Record<OcrScript, () => Promise<LanguageData>> = {
  latin: async () => eng,
  cyrillic: async () => (await import("@tesseract.js-data/srp")).default,
};

interface OcrState {
  /** One worker per script, created when a page first asks for it. */
  workers: Partial<Record<OcrScript, Promise<Worker>>>;
  queue: Promise<unknown>;
}
const globalKey = Symbol.for("credence.forensics.ocr");
const state: OcrState =
  ((globalThis as Record<symbol, unknown>)[globalKey] as OcrState | undefined) ??
  ((globalThis as Record<symbol, unknown>)[globalKey] = { workers: {}, queue: Promise.resolve() });

function getWorker(script: OcrScript = "latin"): Promise<Worker> {
  const { workers } = state;
  return (workers[script] ??= LANGUAGE[script]()
    .then(({ code, langPath }) => createWorker(code, OEM.LSTM_ONLY, { langPath, cacheMethod: "none", gzip: true }))
    .catch((e) => {
      delete workers[script];
      throw e;
    }));
}

/** Stops the shared workers (CLI exit, test teardown); the next OCR call starts a new one. */
export async function terminateOcr(): Promise<void> {
  const workers = Object.values(state.workers);
  state.workers = {};
  for (const w of workers) await (await w).terminate();
}

export interface OcrResult {
  words: TextItem[];
  /** Lines in reading order, words joined by spaces. */
  lines: string[];
  /** Mean word confidence 0..100. */
  confidence: number;
}

/** A quick look for pictures: meme captions and any document in them show up even this small. */
const GLANCE_SIDE = 1000;

export async function ocrPage(
  page: { rgb: Uint8Array; width: number; height: number; dpi: number | null },
  mode: VerificationMode,
  glance = false,
  script: OcrScript = "latin",
): Promise<OcrResult> {
  const longSide = Math.max(page.width, page.height);
  const { min, max } = glance ? { min: GLANCE_SIDE, max: GLANCE_SIDE } : OCR_SIDE[mode];
  const target = Math.min(max, Math.max(min, longSide));
  const { data, info } = await greyInput(await greyOf(page))
    .resize({ width: target, height: target, fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  // A table's ruled grid read as characters breaks its rows apart; a glance only looks for words.
  if (!glance) eraseTableRules(data, w, h);
  const image = pgm(data, w, h);
  // Jobs are serialised: one worker, one page at a time.
  // Tesseract sizes its expectations of glyphs by dpi; tell it what the resized image amounts to.
  const dpi = Math.round(Math.min(600, Math.max(70, (page.dpi ?? 150) * (Math.max(w, h) / longSide))));
  const job = state.queue.then(async () => {
    const worker = await getWorker(script);
    // Inverted-text retries stay on (tesseract's default): payslips and statements print headers
    // white on a dark band, and memes their captions.
    await worker.setParameters({ user_defined_dpi: String(dpi) });
    return worker.recognize(image, {}, { blocks: true, text: false });
  });
  state.queue = job.catch(() => undefined);
  const result = await job;
  return toResult(result.data.blocks ?? [], w, h);
}

/**
 * Grey pixels as a binary PGM, which leptonica reads as they are: a PNG costs an encode here and a
 * decode in the OCR worker for the same pixels. tesseract.js looks for an EXIF orientation in the
 * first 500 bytes of any image it is given; a comment fills them, so pixel values can never be
 * taken for one.
 */
export function pgm(grey: Uint8Array, width: number, height: number): Buffer {
  const size = `${width} ${height}\n255\n`;
  const comment = `# ${"-".repeat(Math.max(0, PGM_HEADER - 6 - size.length))}\n`;
  return Buffer.concat([Buffer.from(`P5\n${comment}${size}`, "latin1"), grey]);
}
const PGM_HEADER = 512;

/**
 * Reads a small pre-processed strip (a machine-readable zone) as one block of text restricted to
 * `alphabet`. The restriction and layout apply to this call only: tesseract restores its
 * parameters after each recognition, so page OCR is unaffected.
 */
export async function ocrStrip(png: Buffer, options: { alphabet: string; dpi: number }): Promise<OcrResult> {
  const meta = await sharp(png).metadata();
  const job = state.queue.then(async () => {
    const worker = await getWorker();
    await worker.setParameters({ user_defined_dpi: String(options.dpi) });
    // Page-segmentation mode 6: one uniform block of text, which a zone of 2 or 3 lines is.
    const params = { tessedit_char_whitelist: options.alphabet, tessedit_pageseg_mode: "6" };
    return worker.recognize(png, params as Parameters<Worker["recognize"]>[1], { blocks: true, text: false });
  });
  state.queue = job.catch(() => undefined);
  const result = await job;
  return toResult(result.data.blocks ?? [], meta.width ?? 1, meta.height ?? 1);
}

type Blocks = NonNullable<Awaited<ReturnType<Worker["recognize"]>>["data"]["blocks"]>;

function toResult(blocks: Blocks, w: number, h: number): OcrResult {
  const words: TextItem[] = [];
  const lines: string[] = [];
  let confSum = 0;
  for (const block of blocks) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const lineWords: string[] = [];
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text,
            x: x0 / w,
            y: y0 / h,
            width: (x1 - x0) / w,
            height: (y1 - y0) / h,
            source: "ocr",
            confidence: Math.round(word.confidence),
          });
          confSum += word.confidence;
          lineWords.push(text);
        }
        if (lineWords.length) lines.push(lineWords.join(" "));
      }
    }
  }
  return { words, lines, confidence: words.length ? confSum / words.length : 0 };
}
