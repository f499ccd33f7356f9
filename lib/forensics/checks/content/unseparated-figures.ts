// Figures whose separators page OCR lost. A bold total in a table cell, read among a page of words,
// can come out as "[537236" at confidence 47: the digits are there, its comma and point are not,
// and a run of digits is no amount, so the sum it closes goes unchecked. Read again alone, enlarged
// and restricted to a figure's characters, it reads "5,372.36". The second reading is taken only
// when it has the very digits of the first and the shape of an amount, so nothing is guessed: the
// page's own print decides where the separators stand. Page OCR may also read a separator as a
// digit ("34152257!" for "3,152.52"): the second reading is then taken when it stands glyph for
// glyph on the first, its separators where the first has stray digits and its digits the first's
// but for one. On a photographed statement page OCR may read a figure's decimal point as a space
// ("2,454 68"): two words, neither an amount; the two are read again together and taken as one
// when the second reading is an amount with their digits.
import type { DocumentContext, TextItem } from "../../context";
import { unionRegion } from "../../region";
import type { Region } from "../../types";
import { type FigureReader, readFigure, rereadWords } from "./reread-figures";
import { SURE_READING } from "./ocr-noise";

/** Digits and the marks OCR puts beside them (a cell's border read as "[", "|" or "!"). */
const UNSEPARATED_RE = /^([[|(]?)(-?\d{5,9})[\]|)!]?$/;
/** An amount with its decimals, as the second reading must give it. */
const AMOUNT_RE = /^-?\d{1,3}(?:[.,\s']?\d{3})*[.,]\d{2}$/;
/** Amounts with decimals a page must already show, so that its figures are known to be money. */
const MIN_AMOUNTS_ON_PAGE = 2;

const digits = (s: string) => s.replace(/\D/g, "");

/**
 * Whether `reading` is `figure` with its separators read as digits: as long, a separator wherever
 * the two differ in kind, and every digit of the reading the figure's at its place but one.
 */
function separatorsReadAsDigits(reading: string, figure: string): boolean {
  if (reading.length !== figure.length || !/[.,]/.test(reading)) return false;
  let differ = 0;
  for (let i = 0; i < reading.length; i++) {
    const r = reading[i] as string;
    if (/\d/.test(r) && r !== figure[i]) differ++;
    else if (!/\d/.test(r) && r !== figure[i] && !/\d/.test(figure[i] as string)) return false;
  }
  return differ <= 1;
}

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

/** A figure grouped by thousands with no decimals, and the two digits OCR read apart after it. */
const GROUPED_RE = /^-?\d{1,3}(?:[.,]\d{3})+$/;
const DECIMALS_RE = /^\d{2}$/;

/** Whether `next` stands after `item` on its line, a word space away at most. */
function readApartAfter(item: TextItem, next: TextItem): boolean {
  const gap = next.x - (item.x + item.width);
  const shared = Math.min(item.y + item.height, next.y + next.height) - Math.max(item.y, next.y);
  return gap >= 0 && gap <= item.height && shared > 0.5 * Math.min(item.height, next.height);
}

/** The context with each page's unseparated figures read again; the same context when none changed. */
export function rereadUnseparatedFigures(
  ctx: DocumentContext,
  read: FigureReader = readFigure,
): Promise<DocumentContext> {
  return rereadWords(
    ctx,
    (page) => {
      const amounts = page.text.filter((t) => AMOUNT_RE.test(t.text.trim())).length;
      if (amounts < MIN_AMOUNTS_ON_PAGE) return [];
      return page.text.flatMap((item, index) => {
        const match = UNSEPARATED_RE.exec(item.text.trim());
        if (match && item.confidence < SURE_READING) return [{ index, region: digitsRegion(item, match[1] ?? "") }];
        const next = page.text[index + 1];
        return next &&
          GROUPED_RE.test(item.text.trim()) &&
          DECIMALS_RE.test(next.text.trim()) &&
          readApartAfter(item, next)
          ? [{ index, region: unionRegion([item, next]) as Region, absorbs: index + 1 }]
          : [];
      });
    },
    (item, reading, page, doubted) => {
      if (!AMOUNT_RE.test(reading)) return null;
      if (doubted.absorbs !== undefined) {
        const apart = `${item.text}${page.text[doubted.absorbs]?.text ?? ""}`;
        return digits(reading) === digits(apart) ? reading : null;
      }
      const figure = UNSEPARATED_RE.exec(item.text.trim())?.[2] ?? "";
      return digits(reading) === digits(figure) || separatorsReadAsDigits(reading, figure) ? reading : null;
    },
    read,
  );
}
