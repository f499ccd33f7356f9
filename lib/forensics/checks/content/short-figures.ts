// Figures OCR read short (short-reading.ts: "15" read "1" in the box of the "15") are read again
// alone, enlarged and restricted to a figure's characters. The second reading is taken only when
// it keeps the first reading's digits in their order, adds the ones lost, and no longer reads
// short in that box: the page's own print decides what the figure is. A figure still short after
// that stays a figure read without all its digits (the sums it closes are not judged).
import type { DocumentContext, PageImage } from "../../context";
import { type FigureReader, readFigure } from "./reread-figures";
import { readShort } from "./short-reading";

/** Second readings per page at most: each is an OCR pass over a small crop. */
const MAX_PER_PAGE = 6;
/** Below this the second reading settles nothing (as for the rereads of excused breaks). */
const MIN_CONFIDENCE = 60;
const FIGURE_RE = /^\d[\d.,]*%?$/;

const digits = (s: string) => s.replace(/\D/g, "");

/** Whether `inner`'s digits stand, in their order, among `outer`'s. */
function keeps(outer: string, inner: string): boolean {
  let i = 0;
  for (const d of outer) if (d === inner[i]) i++;
  return i === inner.length;
}

async function rereadPage(page: PageImage, read: FigureReader): Promise<PageImage> {
  if (page.source === "pdf-text") return page;
  const short = page.text
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => readShort(item, page.text))
    .slice(0, MAX_PER_PAGE);
  if (short.length === 0) return page;
  const text = [...page.text];
  let changed = false;
  for (const { item, index } of short) {
    const again = await read(page, item).catch(() => null);
    if (!again || again.confidence < MIN_CONFIDENCE) continue;
    const reading = again.text.replace(/\s+/g, "");
    const first = digits(item.text);
    if (!FIGURE_RE.test(reading) || digits(reading).length <= first.length || !keeps(digits(reading), first)) continue;
    const restored = { ...item, text: reading, confidence: again.confidence };
    if (readShort(restored, page.text)) continue;
    text[index] = restored;
    changed = true;
  }
  return changed ? { ...page, text } : page;
}

/** The context with each page's figures read short read again; the same context when none changed. */
export async function rereadShortFigures(
  ctx: DocumentContext,
  read: FigureReader = readFigure,
): Promise<DocumentContext> {
  const pages = await Promise.all(ctx.pages.map((p) => rereadPage(p, read)));
  return pages.every((p, i) => p === ctx.pages[i]) ? ctx : { ...ctx, pages };
}
