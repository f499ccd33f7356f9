// Read: the PDF text layer where there is one, OCR where there is not, then lines in reading
// order and the key fields. OCR runs only on pages that need it (scans and images).
import type { PageImage } from "../context";
import type { DocType, FieldValue } from "../types";
import type { StageEnv } from "./decoded";
import { extractFields } from "./fields";
import { ocrPage } from "./ocr";
import { linesOf } from "./reading-order";

/** OCRs every page without a usable text layer, filling `page.text` with words and boxes. */
export async function recogniseText(pages: PageImage[], env: StageEnv): Promise<void> {
  for (const page of pages) {
    if (page.source === "pdf-text") continue;
    env.deadline.check();
    env.log(`recognising text on page ${page.page} (OCR)`);
    const result = await env.deadline.race(ocrPage(page, env.mode));
    // A scanned PDF may carry a thin text layer (a header, a stamp); OCR is the fuller reading.
    page.text = result.words;
    env.log(`page ${page.page}: ${result.words.length} words, mean OCR confidence ${Math.round(result.confidence)}`);
  }
}

export interface ReadText {
  /** Lines per analysed page, in reading order. */
  lines: string[][];
  /** One string per page (lines joined by newlines), as DocumentContext.fullText. */
  fullText: string[];
}

export function assembleText(pages: PageImage[]): ReadText {
  const lines = pages.map((p) => linesOf(p.text));
  return { lines, fullText: lines.map((l) => l.join("\n")) };
}

export function readFields(docType: DocType, text: ReadText): Record<string, FieldValue> {
  return extractFields(docType, text.lines.flat());
}
