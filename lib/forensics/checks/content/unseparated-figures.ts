// Figures whose separators page OCR lost. A bold total in a table cell, read among a page of words,
// can come out as "[537236" at confidence 47: the digits are there, its comma and point are not,
// and a run of digits is no amount, so the sum it closes goes unchecked. Read again alone, enlarged
// and restricted to a figure's characters, it reads "5,372.36". The second reading is taken only
// when it has the very digits of the first and the shape of an amount, so nothing is guessed: the
// page's own print decides where the separators stand.
import type { DocumentContext, PageImage, TextItem } from "../../context";
import type { Region } from "../../types";
import { type FigureReader, readFigure } from "./reread-figures";
import { SURE_READING } from "./ocr-noise";

/** Digits and the marks OCR puts beside them (a cell's border read as "[" or "|"). */
const UNSEPARATED_RE = /^([[|(]?)(-?\d{5,9})[\]|)]?$/;
/** An amount with its decimals, as the second reading must give it. */
const AMOUNT_RE = /^-?\d{1,3}(?:[.,\s']?\d{3})*[.,]\d{2}$/;
/** Amounts with decimals a page must already show, so that its figures are known to be money. */
const MIN_AMOUNTS_ON_PAGE = 2;
/** Second readings per page at most: each is an OCR pass over a small crop. */
const MAX_PER_PAGE = 6;
/** Below this the second reading settles nothing (as for the rereads of excused breaks). */
const MIN_CONFIDENCE = 60;

const digits = (s: string) => s.replace(/\D/g, "");

/** The box of the digits alone: the marks OCR read before them are left out of the crop. */
function digitsRegion(item: TextItem, lead: string): Region {
  const share = lead.length / item.text.length;
  return {
    x: item.x + item.width * share,
    y: item.y,
    width: item.width * (1 - share),
    height: item.height,
  };
}

async function rereadPage(page: PageImage, read: FigureReader): Promise<PageImage> {
  if (page.source === "pdf-text") return page;
  const amounts = page.text.filter((t) => AMOUNT_RE.test(t.text.trim())).length;
  if (amounts < MIN_AMOUNTS_ON_PAGE) return page;
  const doubted = page.text
    .map((item, index) => ({ item, index, match: UNSEPARATED_RE.exec(item.text.trim()) }))
    .filter((c) => c.match !== null && c.item.confidence < SURE_READING)
    .slice(0, MAX_PER_PAGE);
  if (doubted.length === 0) return page;
  const text = [...page.text];
  let changed = false;
  for (const { item, index, match } of doubted) {
    const [, lead = "", figure = ""] = match as RegExpExecArray;
    const again = await read(page, digitsRegion(item, lead)).catch(() => null);
    if (!again || again.confidence < MIN_CONFIDENCE) continue;
    const reading = again.text.replace(/\s+/g, "");
    if (!AMOUNT_RE.test(reading) || digits(reading) !== digits(figure)) continue;
    text[index] = { ...item, text: reading, confidence: again.confidence };
    changed = true;
  }
  return changed ? { ...page, text } : page;
}

/** The context with each page's unseparated figures read again; the same context when none changed. */
export async function rereadUnseparatedFigures(
  ctx: DocumentContext,
  read: FigureReader = readFigure,
): Promise<DocumentContext> {
  const pages = await Promise.all(ctx.pages.map((p) => rereadPage(p, read)));
  return pages.every((p, i) => p === ctx.pages[i]) ? ctx : { ...ctx, pages };
}
