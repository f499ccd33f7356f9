// A figure of the page read again where the holder's name begins, run into what is left of it.
//
// Why it works: word-clone.ts finds a printed word cloned over the name by its pixels, which needs a
// page without noise; on a scan saved as a JPEG of modest quality the copy and its source no longer
// match edge for edge, and copy-move's noise is rounded away. What OCR reads there still tells: a
// name is no figure, and a forger who clones an amount over a given name leaves the amount run
// into the surname's remaining letters ("2,112.52lva"). The very figure, every digit of it, printed
// elsewhere on the page is where it came from: OCR does not invent four digits and their
// separators that happen to repeat another figure of the page.
//
// Where it fails: a clone read apart from what is left of the name (then the figure alone stands
// where the name begins: a value's figure, as an account number is); a figure of three digits or
// fewer; a word of letters cloned (word-clone.ts reads those on renders).
import type { TextItem } from "../../context";
import type { PixelBox } from "../../region";
import { wordBox, type Grey } from "./raster";

export interface FigureInName {
  /** The figure as printed elsewhere, and the holder's word it was read in. */
  figure: string;
  read: string;
  /** Pixel boxes (analysed raster) of the figure's print and of the holder's word. */
  source: PixelBox;
  copy: PixelBox;
}

/**
 * A figure read run into two letters or more: digits with their separators (the first may be read
 * as its look-alike letter, "Z112.52lva" for 2,112.52), ending as an amount or a date ends.
 */
const RUN_IN = /^([-−]?[\dZSOl][\d.,/]*\d[.,/]\d{2,4})(\p{L}{2,})$/u;
/** Digits the figure needs: an amount or a date, no house number. */
const MIN_DIGITS = 4;

/** Digits of a figure, look-alike letters read as the digits they stand for. */
const digitsOf = (text: string) =>
  text.replace(/Z/g, "2").replace(/S/g, "5").replace(/O/g, "0").replace(/l/g, "1").replace(/\D/g, "");

/** Whether `short` is `long` with separators OCR read as digits: its digits in order, at most two more. */
function sameFigure(short: string, long: string): boolean {
  if (long.length < short.length || long.length > short.length + 2) return false;
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length && long[0] === short[0] && long.at(-1) === short.at(-1);
}

/** The holder's name words (`slots`) that read as a figure of the page run into letters. */
export function figuresInName(g: Grey, words: readonly TextItem[], slots: ReadonlySet<TextItem>): FigureInName[] {
  const out: FigureInName[] = [];
  for (const w of slots) {
    const m = RUN_IN.exec(w.text.trim());
    const figure = m ? digitsOf(m[1] as string) : "";
    if (figure.length < MIN_DIGITS) continue;
    // The figure printed elsewhere, however OCR read its separators there.
    const source = words.find((o) => o !== w && !slots.has(o) && sameFigure(figure, digitsOf(o.text)));
    if (!source) continue;
    out.push({ figure: source.text.trim(), read: w.text.trim(), source: wordBox(source, g), copy: wordBox(w, g) });
  }
  return out;
}
