// Figures OCR read short (short-reading.ts: "15" read "1" in the box of the "15") are read again
// alone, enlarged and restricted to a figure's characters. The second reading is taken only when
// it keeps the first reading's digits in their order, adds the ones lost, and no longer reads
// short in that box: the page's own print decides what the figure is. A figure still short after
// that stays a figure read without all its digits (the sums it closes are not judged).
import type { DocumentContext } from "../../context";
import { type FigureReader, readFigure, rereadWords } from "./reread-figures";
import { readShort } from "./short-reading";

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
