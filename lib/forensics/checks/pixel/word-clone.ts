// A word of the issuer's form reprinted over the holder's name, on a page without noise.
//
// Why it works: copy-move.ts proves a clone by its copied noise, and a clean export (a render
// saved as PNG or JPEG) has none, so there a cloned word is one more repeat of that word among the
// thousands of repeated glyphs. What a repeat does not do is stand inside another word. A forger
// who clones a printed word of the form ("Overtime", "(EUR)", "Bachelor") over the holder's name
// covers part of it, and leaves the copy joined to what is left of the name: OCR reads them as one
// word ("Overtiméiilva") or reads the copy apart, with ink closer to it than a word space where
// its source has none. So: the whole of a form word, every edge of it, found again where the
// holder's data is printed (the field reader's values, and whatever word stands where a name
// begins, after its caption or a naming phrase: holder-words.ts), joined to something there and
// over no word of the form.
//
// Each form word is looked for, edge pixel by edge pixel, wherever its copy would cover part of a
// word standing in the holder's data: a few dozen words against a handful, at full resolution, over
// the middle of their height (a patch cut tight leaves the top or foot of the covered letters).
//
// Where it fails: a clone that covers the whole name with nothing left beside it (it is that word
// printed again as far as the page can tell), unless it is a word no name is written with, as
// "(EUR)" is; a word of four glyphs or fewer ("Data"), unless it stands where a name begins read
// as itself with a sliver of the covered letter ("This;"), or run into what is left of the name in
// another ink or weight ("Arts" of a brown heading over a black name, "This" of the body over a
// bold one); a figure cloned over a name and read apart from what is left of it (figures repeat
// across the holder's data: dates, amounts; a code with three letters or more is no figure); a clone resized,
// re-rendered or retouched after pasting; a name whose place no caption or naming phrase gives (an
// identity card's value under its caption, a one-word addressee line that runs no name into what
// stands before it, as "chargeGarcia" does); a name that begins with a form word of five glyphs or
// more in the same face, size and sub-pixel phase.
import type { TextItem } from "../../context";
import { boxArea as area, boxIntersection as overlap, type PixelBox } from "../../region";
import { isNameCaption } from "./holder-words";
import { wordBox, type Grey } from "./raster";
import { stemWidth } from "./stroke-weight";
import { TYPE_FLOOR } from "./typography";

export interface WordClone {
  /** The form word and its copy, pixel boxes on the analysed raster. */
  source: PixelBox;
  copy: PixelBox;
  shift: [number, number];
  text: string;
  /** The copy's words (the holder's data it stands over). */
  over: string;
  /** Read there as the very word it repeats, in the name's place: no ink of the covered name joins it. */
  alone: boolean;
  /** Edge pixels of the source word compared, and how many of them differ between the copies. */
  edgePixels: number;
  mismatched: number;
  meanAbsDifference: number;
}

export interface WordCloneResult {
  /** Word and holder's-data pairs compared. */
  pairs: number;
  clones: WordClone[];
}

/** Gradient (|dx| + |dy|, grey levels) that makes a pixel part of a glyph's edge. */
const EDGE = 48;
/** Grey levels two copies of one edge pixel may differ by after a JPEG save at quality 85 or more. */
const EDGE_TOLERANCE = 28;
/** Share of the edge pixels that may differ that much: a JPEG's ringing at a few block corners. */
const MAX_MISMATCH = 0.04;
/**
 * Mean |difference| over the whole word box (grey levels). An OCR box reaches past the rectangle a
 * forger copies (a table's rule under the word, a neighbour's serif), so this only rules out a
 * match of shapes in two different places; the edges decide.
 */
const MAX_MAD = 8;
/** Edge pixels tried first at each place, of which two may differ (a JPEG's ringing). */
const PROBES = 16;
/** Share of a word's height, at its top and at its foot, that a copy need not repeat. */
const CLIPPED = 0.2;
/** Edge pixels a source word needs: a word, not a dot or a rule. */
const MIN_EDGE_PIXELS = 80;
const MIN_CONFIDENCE = 60;
/**
 * Glyphs a source word needs (letters, figures and signs: "(EUR)" is five). A short word of the
 * form may be printed, in the same type, as the start of a longer value ("JAN" of a date and the
 * surname "JANSEN" on an identity card): a coincidence of five glyphs and more in one face, size
 * and sub-pixel phase is not.
 */
const MIN_GLYPHS = 5;
/**
 * A word of four letters counts too where a name begins, read there as that word and joined to ink
 * its source does not have: a sliver of the covered name's letter, which OCR reads as a semicolon
 * or a bar after it ("This;" over a bold given name; a colon only after a word no name's caption
 * is: "Employee:" ends one). Read run into a longer word, a short form word may be a name's first
 * letters in the same type ("Bank" of "Banks"), so only where the rest of that word is in another
 * ink (another colour, or stems of another thickness: a bold name).
 */
const MIN_SHORT_GLYPHS = 4;
const isShort = (text: string) => glyphs(text) < MIN_GLYPHS && letterCount(text) === glyphs(text);
/**
 * Marks after a word that are its own ink (a comma, a stop, a quote, a bracket, the colon of a
 * name's caption, "Employee:"); a semicolon, a bar, or a colon after a word no caption of a name is
 * ("require:" where a name begins after "confirms that"), may be a sliver.
 */
const slivered = (read: string, word: string) => {
  if (!sameWord(read, word)) return false;
  const marks = read.trim().replace(word.trim(), "");
  return /[;|]/.test(marks) || (marks.includes(":") && !isNameCaption(word));
};

const folded = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
const sameWord = (a: string, b: string) => folded(a) === folded(b);
/** Height ratio (OCR boxes) within which a form word can stand in for a name. */
const SIZE_RATIO = 2;

/** Letters and the marks names are written with: no brackets, slashes or figures. */
const nameLike = (text: string) => !/[^\p{L}'’.,-]/u.test(text.trim());
const glyphs = (text: string) => text.replace(/\s/g, "").length;
const letterCount = (text: string) => (text.match(/\p{L}/gu) ?? []).length;
/** Digits with fewer than three letters: a date, an amount, a year ("12 May", "EUR 40"). */
const isFigure = (text: string) => /\d/.test(text) && letterCount(text) < 3;
/** Read as the figure run into two letters or more: the copy joined to what is left of a name. */
const joinedToLetters = (read: string, figure: string) =>
  !sameWord(read, figure) && letterCount(read) >= letterCount(figure) + 2;

const shifted = (b: PixelBox, dx: number, dy: number) => ({
  x0: b.x0 + dx,
  y0: b.y0 + dy,
  x1: b.x1 + dx,
  y1: b.y1 + dy,
});

/** Indices of the pixels of `box` on a glyph's edge: what a copy must repeat, pixel for pixel. */
function edgePixels(g: Grey, box: PixelBox): Int32Array {
  const { data, width: w } = g;
  const out: number[] = [];
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      const grad =
        Math.abs((data[i + 1] as number) - (data[i - 1] as number)) +
        Math.abs((data[i + w] as number) - (data[i - w] as number));
      if (grad >= EDGE) out.push(i);
    }
  }
  return Int32Array.from(out);
}

/** Edge pixels that differ from theirs `offset` away by more than a JPEG save explains, counted up to `stop`. */
function mismatches(g: Grey, edges: Int32Array, offset: number, stop: number): number {
  const { data } = g;
  let n = 0;
  for (let k = 0; k < edges.length && n <= stop; k++) {
    const i = edges[k] as number;
    if (Math.abs((data[i] as number) - (data[i + offset] as number)) > EDGE_TOLERANCE) n++;
  }
  return n;
}

/** Mean |difference| between the pixels of `box` and theirs `offset` away. */
function meanDifference(g: Grey, box: PixelBox, offset: number): number {
  const { data, width: w } = g;
  let diff = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      diff += Math.abs((data[i] as number) - (data[i + offset] as number));
      n++;
    }
  }
  return n ? diff / n : Infinity;
}

/**
 * Grey levels between the cores of two pieces of ink for them to be two inks: another colour, or
 * another weight at a size where a stem's core never reaches full ink. One word is set in one.
 */
const INK_APART = 24;
/** Ink pixels a piece needs for its core to be read. */
const MIN_INK_PIXELS = 20;

/** Grey levels counted together when the ink's most common level is found. */
const INK_BIN = 8;

/**
 * The level most of the ink in `box` is printed at (its pixels darker than `threshold`, in bins
 * of INK_BIN): a flat colour's, or a stem's core where strokes are too thin to reach it.
 */
function inkCore(g: Grey, box: PixelBox, threshold: number): number | null {
  const bins = new Array<number>(Math.ceil(256 / INK_BIN)).fill(0);
  let n = 0;
  for (let y = Math.max(0, box.y0); y < Math.min(g.height, box.y1); y++)
    for (let x = Math.max(0, box.x0); x < Math.min(g.width, box.x1); x++) {
      const v = g.data[y * g.width + x] as number;
      if (v >= threshold) continue;
      bins[Math.floor(v / INK_BIN)]!++;
      n++;
    }
  if (n < MIN_INK_PIXELS) return null;
  return (bins.indexOf(Math.max(...bins)) + 0.5) * INK_BIN;
}

/** The lightest (paper) and darkest (ink) grey levels of `box`. */
function paperAndInk(g: Grey, box: PixelBox): { paper: number; ink: number } {
  let paper = 0;
  let ink = 255;
  for (let y = Math.max(0, box.y0); y < Math.min(g.height, box.y1); y++)
    for (let x = Math.max(0, box.x0); x < Math.min(g.width, box.x1); x++) {
      const v = g.data[y * g.width + x] as number;
      if (v > paper) paper = v;
      if (v < ink) ink = v;
    }
  return { paper, ink };
}

/** The grey level halfway between the darkest ink and the lightest paper of `box`: ink is darker. */
function halfwayToPaper(g: Grey, box: PixelBox): number {
  const { paper, ink } = paperAndInk(g, box);
  return (paper + ink) / 2;
}

/**
 * Heavier stems over the lighter's, minus one, from which two pieces of type are two weights: the
 * typographic check's floor for a word that changes weight.
 */
const WEIGHT_APART = TYPE_FLOOR.weight;
/** Rows of a word's box whose stems are compared: its main band, clear of capitals' and ascenders' tops and of the baseline's serifs. */
const STEM_BAND = { top: 0.4, bottom: 0.15 };

/**
 * Whether the ink of `word` beyond the copy is another ink than the copy's: a name's first letters
 * in the same type continue in the same ink and weight, what is left of a covered name beside a
 * form word cloned from another line (a heading's colour, a bold name beside a body's word) need not.
 */
function inkApart(g: Grey, copy: PixelBox, word: PixelBox): boolean {
  const band = { y0: copy.y0, y1: copy.y1 };
  const rest =
    word.x1 - copy.x1 >= copy.x0 - word.x0
      ? { ...band, x0: copy.x1 + 1, x1: word.x1 }
      : { ...band, x0: word.x0, x1: copy.x0 - 1 };
  if (rest.x1 - rest.x0 < 2) return false;
  const { paper, ink } = paperAndInk(g, { ...band, x0: Math.min(copy.x0, word.x0), x1: Math.max(copy.x1, word.x1) });
  const threshold = (paper + ink) / 2;
  const a = inkCore(g, copy, threshold);
  const b = inkCore(g, rest, threshold);
  if (a !== null && b !== null && Math.abs(a - b) >= INK_APART) return true;
  // The same colour in another weight: stems of one thickness on one side, another on the other.
  const h = band.y1 - band.y0;
  const stems = {
    bandTop: band.y0 + STEM_BAND.top * h,
    baseline: band.y1 - STEM_BAND.bottom * h,
    paper,
    contrast: paper - ink,
  };
  if (!(stems.contrast > 0)) return false;
  const left = stemWidth(g, copy, stems);
  const right = stemWidth(g, rest, stems);
  return left !== null && right !== null && Math.max(left, right) / Math.min(left, right) - 1 >= WEIGHT_APART;
}

/** Ink beyond a word's edge closer than this share of its height is part of it: a word space is wider. */
const JOINED_REACH = 0.2;
/** Share of a word's rows that must meet ink just beyond an edge for something to be joined to it there. */
const JOINED_ROWS = 0.25;

/**
 * Share of `box`'s rows with ink within JOINED_REACH beyond its left (side -1) or right (side 1)
 * edge, and beyond `own` (what OCR read as the word there: its comma or quote is its own).
 */
function rowsJoined(g: Grey, box: PixelBox, side: -1 | 1, own: PixelBox = box): number {
  const { data, width } = g;
  const h = box.y1 - box.y0;
  const threshold = halfwayToPaper(g, box);
  const reach = Math.max(2, Math.round(JOINED_REACH * h));
  const [from, to] =
    side === 1 ? [Math.max(box.x1, own.x1), box.x1 + reach] : [box.x0 - reach, Math.min(box.x0, own.x0)];
  let rows = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = Math.max(0, from); x < Math.min(width, to); x++) {
      if ((data[y * width + x] as number) < threshold) {
        rows++;
        break;
      }
    }
  }
  return h > 0 ? rows / h : 0;
}

/** Whether ink stands joined to the copy, beyond the words read there, on a side where none stands joined to its source. */
function joinedWhereSourceIsNot(g: Grey, source: PixelBox, copy: PixelBox, readThere: PixelBox): boolean {
  return ([-1, 1] as const).some(
    (side) => rowsJoined(g, copy, side, readThere) >= JOINED_ROWS && rowsJoined(g, source, side) < JOINED_ROWS / 2,
  );
}

/** Whether two boxes share most of their height: words of one printed line. */
function onOneLine(a: PixelBox, b: PixelBox): boolean {
  const shared = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return shared > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/**
 * Form words found again, pixel for pixel, over the holder's data. `isField` tells the holder's
 * data from the form (field-regions.ts); `nameSlots` are the words standing where a name begins,
 * whatever they read (holder-words.ts); `holderName` is the name the field reader read.
 */
export function findWordClones(
  g: Grey,
  words: readonly TextItem[],
  isField: (w: TextItem) => boolean,
  nameSlots: ReadonlySet<TextItem>,
  holderName = "",
): WordCloneResult {
  const read = words
    .filter((w) => w.text.trim() !== "")
    .map((w) => ({ item: w, box: wordBox(w, g), field: isField(w), slot: nameSlots.has(w) }));
  type Read = (typeof read)[number];
  const isName = (w: Read) => w.slot || (w.field && !/\d/.test(w.item.text));
  const names = read.filter(isName);
  // The holder's name printed again (a signature line, a salutation) is no source: OCR reads one
  // of its prints run into the next word as often. A word of another value is ("Engineering" of
  // the degree cloned over the name), and a word with a sign in it ("(EUR)" where the reader took
  // the clone for the name) is no name.
  const nameWords = new Set(
    [...holderName.split(/\s+/), ...[...nameSlots].map((w) => w.text)].map(folded).filter(Boolean),
  );
  const isNamePrint = (w: Read) => w.field && nameWords.has(folded(w.item.text)) && nameLike(w.item.text);
  const sources = read.filter(
    (w) =>
      !w.slot &&
      !isNamePrint(w) &&
      (glyphs(w.item.text) >= MIN_GLYPHS || (glyphs(w.item.text) >= MIN_SHORT_GLYPHS && isShort(w.item.text))) &&
      w.item.confidence >= MIN_CONFIDENCE &&
      w.box.y1 - w.box.y0 >= 8 &&
      // A figure counts only read run into a name's letters (below): the page's many amounts and
      // dates that no name word is read so with are not searched for at all.
      (!isFigure(w.item.text) || names.some((n) => joinedToLetters(n.item.text, w.item.text))),
  );
  const clones: WordClone[] = [];
  let pairs = 0;
  for (const s of sources) {
    // The word's edges and a pixel of paper beside them, over the middle of its height: a clone
    // patch cut tight leaves the top or foot of the covered name's letters over its own.
    const trim = Math.round(CLIPPED * (s.box.y1 - s.box.y0));
    const box = { x0: s.box.x0 - 1, y0: s.box.y0 + trim, x1: s.box.x1 + 1, y1: s.box.y1 - trim };
    if (box.x0 < 1 || box.y0 < 1 || box.x1 >= g.width - 1 || box.y1 >= g.height - 1) continue;
    const edges = edgePixels(g, box);
    if (edges.length < MIN_EDGE_PIXELS) continue;
    const stop = Math.floor(MAX_MISMATCH * edges.length);
    const sw = s.box.x1 - s.box.x0;
    const sh = s.box.y1 - s.box.y0;
    for (const n of names) {
      // A word passes for the name it covers only at about the name's size.
      const ratio = sh / (n.box.y1 - n.box.y0);
      if (ratio < 1 / SIZE_RATIO || ratio > SIZE_RATIO || overlap(s.box, n.box) > 0) continue;
      // A word of the holder's data on the data's own line is no form word: a value repeats its
      // words ("Bachelor of Engineering (Mechanical Engineering)"), in one face, size and phase.
      if (s.field && onOneLine(s.box, n.box)) continue;
      pairs++;
      // Every place where the copy's centre falls on the name.
      const found = bestPlace(g, edges, stop, {
        x0: Math.max(1 - box.x0, n.box.x0 - s.box.x0 - (sw >> 1)),
        x1: Math.min(g.width - 1 - box.x1, n.box.x1 - s.box.x0 - (sw >> 1)),
        y0: Math.max(1 - box.y0, n.box.y0 - s.box.y0 - (sh >> 1)),
        y1: Math.min(g.height - 1 - box.y1, n.box.y1 - s.box.y0 - (sh >> 1)),
      });
      if (!found) continue;
      const mad = meanDifference(g, box, found.dy * g.width + found.dx);
      if (mad > MAX_MAD) continue;
      const copy = shifted(s.box, found.dx, found.dy);
      if (overlap(copy, s.box) || clones.some((c) => c.source === s.box && overlap(c.copy, copy) > 0)) continue;
      // The copy stands over the holder's data, and over no word of the form: a form word printed
      // twice is the form twice, whatever it says.
      const under = read.filter((w) => overlap(w.box, copy) > 0.2 * Math.min(area(w.box), area(copy)));
      // Data of letters (a name): a word counts as data for a digit alone, and OCR runs a form
      // word into the figure beside it ("Salary:1,200"), a repeat of the form word read as data.
      if (!under.length || under.some((w) => !isName(w))) continue;
      // A figure is data: a year or an amount stands again in many of the holder's values, as a
      // whole word. Over a name it counts only read there as one word with what is left of the
      // name's letters ("2,651.44rchi"). A code of letters and figures ("DIS306", a course on a
      // transcript) is the form's, as a word is.
      if (isFigure(s.item.text) && !under.some((w) => joinedToLetters(w.item.text, s.item.text))) continue;
      // Read there as the very word it repeats, it is that word printed again: which of a row's
      // words the field reader takes for a value follows their position (an addressee block, a
      // statement's description column), and repeated words stand in repeated positions. What a
      // clone leaves is the word joined to what is left of the value it covered: read apart from
      // it, the copy still has that ink closer than a word space, where its source has none.
      // A comma or a quote OCR read with the word there is its own ink; ink read as nothing is not.
      const readThere = under
        .filter((w) => w.item.text.trim() !== s.item.text.trim() && !slivered(w.item.text, s.item.text))
        .reduce(
          (u, w) => ({
            x0: Math.min(u.x0, w.box.x0),
            y0: Math.min(u.y0, w.box.y0),
            x1: Math.max(u.x1, w.box.x1),
            y1: Math.max(u.y1, w.box.y1),
          }),
          copy,
        );
      // Where a name begins, though, a word no name is written with ("(EUR)") is the form's word
      // put there, however cleanly it covers the name.
      const repeated = under.filter((w) => sameWord(w.item.text, s.item.text));
      const inNamePlace = repeated.some((w) => w.slot) && !nameLike(s.item.text);
      // OCR reading a semicolon or a bar into the copy, which its source lacks, saw ink closer than a word space there.
      const joined =
        repeated.some((w) => w.slot && slivered(w.item.text, s.item.text)) ||
        (repeated.length > 0 && joinedWhereSourceIsNot(g, s.box, copy, readThere));
      if (repeated.length && !inNamePlace && !joined) continue;
      // A short word run into the rest of a name counts where that rest is in another ink or weight.
      const otherInk = () =>
        under.some(
          (w) =>
            (w.slot || (w.field && nameLike(w.item.text))) &&
            !sameWord(w.item.text, s.item.text) &&
            inkApart(g, copy, w.box),
        );
      if (isShort(s.item.text) && !(joined && repeated.some((w) => w.slot)) && !otherInk()) continue;
      clones.push({
        source: s.box,
        copy,
        shift: [found.dx, found.dy],
        text: s.item.text,
        over: under.map((w) => w.item.text).join(" "),
        alone: inNamePlace,
        edgePixels: edges.length,
        mismatched: found.mismatched,
        meanAbsDifference: Math.round(mad * 100) / 100,
      });
    }
  }
  return { pairs, clones };
}

/** The shift within `range` at which the fewest of `edges` differ, if no more than `stop` do. */
function bestPlace(
  g: Grey,
  edges: Int32Array,
  stop: number,
  range: PixelBox,
): { dx: number; dy: number; mismatched: number } | null {
  let best: { dx: number; dy: number; mismatched: number } | null = null;
  // A few edges spread over the word first: almost every place fails on them at once.
  const step = Math.max(1, Math.floor(edges.length / PROBES));
  const probes = Int32Array.from({ length: Math.min(PROBES, edges.length) }, (_, k) => edges[k * step] as number);
  for (let dy = range.y0; dy <= range.y1; dy++) {
    for (let dx = range.x0; dx <= range.x1; dx++) {
      if (mismatches(g, probes, dy * g.width + dx, 2) > 2) continue;
      const m = mismatches(g, edges, dy * g.width + dx, Math.min(stop, best ? best.mismatched - 1 : stop));
      if (m <= stop && (!best || m < best.mismatched)) best = { dx, dy, mismatched: m };
    }
  }
  return best;
}
