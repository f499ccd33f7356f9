// Read: the PDF text layer where there is one, OCR where there is not, then lines in reading
// order and the key fields. OCR runs only on pages that need it (scans and images).
import type { PageImage, TextItem } from "../context";
import type { DocType, FieldValue } from "../types";
import { UNREAD_SHARE, unreadText } from "./classify";
import { textCues } from "./classify-cues";
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
        await readCyrillicIfUnread(page, env);
        continue;
      }
    }
    env.log(`recognising text on page ${page.page} (OCR)`);
    const result = await env.deadline.race(ocrPage(page, env.mode));
    // A scanned PDF may carry a thin text layer (a header, a stamp); OCR is the fuller reading.
    page.text = result.words;
    env.log(`page ${page.page}: ${result.words.length} words, mean OCR confidence ${Math.round(result.confidence)}`);
    await readCyrillicIfUnread(page, env);
  }
}

function cuesOf(page: PageImage, words: TextItem[]) {
  return textCues(
    words,
    rowsOf(words).map((r) => r.text),
    page.width / Math.max(1, page.height),
  );
}

/**
 * Lines of text the English model cannot read are read again with the Cyrillic model (Serbian,
 * which also covers the Cyrillic of the Balkans' other languages), and that reading is kept when it
 * reads the page: most of its words surely, and a larger share than English did. Only such pages
 * pay for the second model; a Latin page English reads, however few its words, never sees it.
 */
async function readCyrillicIfUnread(page: PageImage, env: StageEnv): Promise<void> {
  const latin = cuesOf(page, page.text);
  if (!unreadText(latin)) return;
  env.deadline.check();
  env.log(`page ${page.page}: lines English OCR cannot read; reading them as Cyrillic`);
  const cyrillic = await env.deadline.race(
    ocrPage(page, env.mode, false, "cyrillic").catch((e: unknown) => {
      // Without the Cyrillic model (an install without its package) the page keeps its unread route.
      env.log(`page ${page.page}: Cyrillic OCR unavailable (${e instanceof Error ? e.message : String(e)})`);
      return null;
    }),
  );
  if (!cyrillic) return;
  const cues = cuesOf(page, cyrillic.words);
  if (cues.readShare < UNREAD_SHARE || cues.readShare <= latin.readShare) {
    env.log(`page ${page.page}: Cyrillic OCR read ${Math.round(cues.readShare * 100)}% of its words; kept unread`);
    return;
  }
  page.text = cyrillic.words;
  env.log(
    `page ${page.page}: read as Cyrillic, ${cyrillic.words.length} words, ${Math.round(cues.readShare * 100)}% surely`,
  );
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
