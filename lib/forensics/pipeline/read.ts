// Read: the PDF text layer where there is one, OCR where there is not, then lines in reading
// order and the key fields. OCR runs only on pages that need it (scans and images).
import type { PageImage } from "../context";
import type { DocType, FieldValue } from "../types";
import type { StageEnv } from "./decoded";
import { extractFields } from "./fields";
import { ocrPage } from "./ocr";
import { type Row, rowsOf } from "./reading-order";

/** Pictures with this many readable words at a glance are read again properly: they may be documents. */
const GLANCE_WORDS = 15;

/**
 * OCRs every page without a usable text layer, filling `page.text` with words and boxes. Pages
 * that look like pictures get a quick small pass first (OCR of a photo is slow and finds nothing).
 */
export async function recogniseText(
  pages: PageImage[],
  env: StageEnv,
  looksLikePicture: (page: PageImage) => Promise<boolean> = async () => false,
): Promise<void> {
  for (const page of pages) {
    if (page.source === "pdf-text") continue;
    env.deadline.check();
    if (await looksLikePicture(page)) {
      env.log(`page ${page.page} looks like a picture: a quick OCR pass first`);
      const glance = await env.deadline.race(ocrPage(page, env.mode, true));
      const readable = glance.words.filter((w) => w.confidence >= 60).length;
      if (readable < GLANCE_WORDS) {
        page.text = glance.words;
        env.log(`page ${page.page}: ${readable} readable words at a glance`);
        continue;
      }
    }
    env.log(`recognising text on page ${page.page} (OCR)`);
    const result = await env.deadline.race(ocrPage(page, env.mode));
    // A scanned PDF may carry a thin text layer (a header, a stamp); OCR is the fuller reading.
    page.text = result.words;
    env.log(`page ${page.page}: ${result.words.length} words, mean OCR confidence ${Math.round(result.confidence)}`);
  }
}

export interface ReadText {
  /** Rows with their column segments, per analysed page. */
  rows: Row[][];
  /** Lines per analysed page, in reading order. */
  lines: string[][];
  /** One string per page (lines joined by newlines), as DocumentContext.fullText. */
  fullText: string[];
}

export function assembleText(pages: PageImage[]): ReadText {
  const rows = pages.map((p) => rowsOf(p.text));
  const lines = rows.map((r) => r.map((row) => row.text));
  return { rows, lines, fullText: lines.map((l) => l.join("\n")) };
}

export function readFields(docType: DocType, text: ReadText): Record<string, FieldValue> {
  return extractFields(docType, text.rows.flat());
}
