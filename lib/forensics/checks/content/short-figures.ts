// Figures OCR read short (short-reading.ts: "15" read "1" in the box of the "15") are read again
// alone, enlarged and restricted to a figure's characters. The second reading is taken only when
// it keeps the first reading's digits in their order, adds the ones lost, and no longer reads
// short in that box: the page's own print decides what the figure is. A figure still short after
// that stays a figure read without all its digits (the sums it closes are not judged). A figure
// read long (a speck read as a digit: "-563.25" in the room of "-53.25") is taken from its second
// reading when that drops exactly one digit, keeps the others in their order and fits its box.
import type { DocumentContext } from "../../context";
import { type FigureReader, readFigure, rereadWords } from "./reread-figures";
import { AMOUNT, readLong, readShort } from "./short-reading";

const FIGURE_RE = /^\d[\d.,]*%?$/;

const digits = (s: string) => s.replace(/\D/g, "");

/** Whether `inner`'s digits stand, in their order, among `outer`'s. */
function keeps(outer: string, inner: string): boolean {
  let i = 0;
  for (const d of outer) if (d === inner[i]) i++;
  return i === inner.length;
}

/** The context with each page's figures read short read again; the same context when none changed. */
export function rereadShortFigures(ctx: DocumentContext, read: FigureReader = readFigure): Promise<DocumentContext> {
  return rereadWords(
    ctx,
    (page) => page.text.flatMap((item, index) => (readShort(item, page.text) ? [{ index, region: item }] : [])),
    (item, reading, page) => {
      const first = digits(item.text);
      if (!FIGURE_RE.test(reading) || digits(reading).length <= first.length || !keeps(digits(reading), first))
        return null;
      return readShort({ ...item, text: reading }, page.text) ? null : reading;
    },
    read,
  );
}

/**
 * A second reading of a box that holds fewer characters than were read: the box is the proof, and
 * what OCR took in with the figure (a rule, a speck) also makes the second reading less sure, so
 * it is taken from this confidence when it fits the box.
 */
const LONG_REREAD_CONFIDENCE = 50;

/** The context with each page's figures read long read again; the same context when none changed. */
export function rereadLongFigures(ctx: DocumentContext, read: FigureReader = readFigure): Promise<DocumentContext> {
  return rereadWords(
    ctx,
    (page) => page.text.flatMap((item, index) => (readLong(item, page.text) ? [{ index, region: item }] : [])),
    (item, reading, page) => {
      const first = digits(item.text);
      // The sign is the first reading's: a thin minus is what a second reading of the box may lose.
      const again = item.text.trim().startsWith("-") && !reading.startsWith("-") ? `-${reading}` : reading;
      if (!AMOUNT.test(again) || digits(again).length !== first.length - 1 || !keeps(first, digits(again))) return null;
      return readLong({ ...item, text: again }, page.text) ? null : again;
    },
    read,
    { minConfidence: LONG_REREAD_CONFIDENCE },
  );
}
