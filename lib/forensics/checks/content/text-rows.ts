// Text items (words or runs, each with a box) regrouped into visual rows (the pipeline's
// lineGroups, as the field reader sees them), so tables can be read by position instead of
// trusting the reading order of a text layer or OCR engine.
import type { PageImage, TextItem } from "../../context";
import { lineGroups } from "../../pipeline/reading-order";
import { unionRegion } from "../../region";
import type { Region } from "../../types";

export interface TextRow {
  page: number;
  items: TextItem[];
  /**
   * Items joined left to right: a space between items that sit a word-space apart, a tab across
   * wider gaps (table columns), so "40  160.00" in two columns never reads as 40 160.00.
   */
  text: string;
  /** Where each item's text sits in `text`. */
  spans: Array<{ start: number; end: number; item: TextItem }>;
  /** Vertical centre of the row, page fraction. */
  y: number;
  region: Region;
  /** Lowest item confidence in the row (100 for a PDF text layer). */
  confidence: number;
  /** Item confidence weighted by text length: how well the row as a whole was read. */
  meanConfidence: number;
  /** True when any item came from OCR. */
  ocr: boolean;
}

const center = (item: TextItem) => item.y + item.height / 2;

function joinItems(items: TextItem[]): { text: string; spans: TextRow["spans"] } {
  let text = "";
  const spans: TextRow["spans"] = [];
  items.forEach((item, i) => {
    const word = item.text.trim();
    if (i > 0) {
      const prev = items[i - 1] as TextItem;
      const gap = item.x - (prev.x + prev.width);
      const charWidth = Math.max(
        prev.width / Math.max(prev.text.trim().length, 1),
        item.width / Math.max(word.length, 1),
      );
      text += gap > charWidth * 1.6 ? "\t" : " ";
    }
    spans.push({ start: text.length, end: text.length + word.length, item });
    text += word;
  });
  return { text, spans };
}

/** Boxes of the items that hold characters start..end of a row's text. */
export function spanRegion(row: TextRow, start: number, end: number): Region {
  const boxes = row.spans.filter((s) => s.end > start && s.start < end).map((s) => s.item);
  return unionRegion(boxes) ?? row.region;
}

const cache = new WeakMap<readonly TextItem[], TextRow[]>();

/** A page's text items as rows (see lineGroups), each ordered left to right; cached per page. */
export function rowsOfPage(page: Pick<PageImage, "page" | "text">): TextRow[] {
  const cached = cache.get(page.text);
  if (cached) return cached;
  const rows = groupRows(page);
  cache.set(page.text, rows);
  return rows;
}

function groupRows(page: Pick<PageImage, "page" | "text">): TextRow[] {
  return lineGroups(page.text).map((ordered) => {
    const { text, spans } = joinItems(ordered);
    return {
      page: page.page,
      items: ordered,
      text,
      spans,
      y: ordered.reduce((s, t) => s + center(t), 0) / ordered.length,
      region: unionRegion(ordered) as Region,
      confidence: Math.min(...ordered.map((t) => t.confidence)),
      meanConfidence:
        ordered.reduce((sum, t) => sum + t.confidence * t.text.length, 0) /
        Math.max(
          1,
          ordered.reduce((sum, t) => sum + t.text.length, 0),
        ),
      ocr: ordered.some((t) => t.source === "ocr"),
    };
  });
}

/** Rows of every analysed page, in page order then top to bottom. */
export function rowsOfDocument(pages: readonly Pick<PageImage, "page" | "text">[]): TextRow[] {
  return pages.flatMap((p) => rowsOfPage(p));
}

/**
 * A row a table's rule or border made, not a line of text: marks alone ("|", "—", "[ ]"), or, read
 * by OCR, a stroke or two it took for an l or an I, or a few letters each many times wider than the
 * line is tall ("eee" across three quarters of the page), as no glyph is.
 */
export function ruleRow(row: TextRow): boolean {
  if (!/[\p{L}\p{N}]/u.test(row.text)) return true;
  return row.ocr && (/^[lIi|!]{1,2}$/.test(row.text.trim()) || row.items.every(stretched));
}

const stretched = (item: TextItem) => item.width / Math.max(1, item.text.trim().length) > 4 * item.height;
