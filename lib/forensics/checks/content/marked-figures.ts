// Small figures OCR read with a table's rule or a speck beside them: a credit cell's "15" read as
// "i15!" or "15;" is no figure, and a course row whose credits read as no figure leaves its whole
// section unjudged. Read again alone, enlarged and restricted to a figure's characters, the cell
// reads "15": the marks are dropped. A second reading of another figure says the first misread more
// than its marks ("7.5" read "25)"), or the second took a mark for a digit ("115"): neither is
// taken, the cell is left as no figure and its section unjudged. Nothing is guessed.
import type { DocumentContext } from "../../context";
import { type FigureReader, readFigure, rereadWords } from "./reread-figures";
import { SURE_READING } from "./ocr-noise";

/** One to three digits (a half after a point or comma) between the marks OCR makes of rules and specks. */
const MARKED_RE = /^([|!\[\]()iIl]{0,2})(\d{1,3}(?:[.,]\d{1,2})?)([|!\[\]()iIl;:]{0,2})$/;
/** A cell two readings disagree on: no figure. */
const UNREAD = "?";
/** What the second reading must be: the figure alone. */
const FIGURE_RE = /^\d{1,3}(?:[.,]\d{1,2})?$/;

/** The context with each page's marked figures read again; the same context when none changed. */
export function rereadMarkedFigures(ctx: DocumentContext, read: FigureReader = readFigure): Promise<DocumentContext> {
  return rereadWords(
    ctx,
    (page) =>
      page.text.flatMap((item, index) => {
        const match = MARKED_RE.exec(item.text.trim());
        // Marks on either side: a bare figure is one already.
        return match && (match[1] || match[3]) && item.confidence < SURE_READING ? [{ index, region: item }] : [];
      }),
    (item, reading) => {
      const figure = MARKED_RE.exec(item.text.trim())?.[2] ?? "";
      if (!FIGURE_RE.test(reading)) return null;
      return reading === figure ? reading : UNREAD;
    },
    read,
  );
}
