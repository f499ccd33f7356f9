// Text items (PDF runs or OCR words) back into rows in reading order: group by vertical overlap,
// sort left to right, and split each row into segments at wide gaps (table columns, label/value
// columns of ID cards). Field extraction reads segments with their boxes; the checks read lines.
import type { TextItem } from "../context";

export interface Segment {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Row {
  /** Segments joined with two spaces, so "Net pay  1,234.00" keeps its column gap. */
  text: string;
  segments: Segment[];
}

const center = (item: TextItem) => item.y + item.height / 2;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** How many neighbouring items share a baseline once lines are assumed to fall by `slope`. */
function alignment(items: TextItem[], slope: number, tolerance: number): number {
  const ys = items.map((t) => center(t) - slope * (t.x + t.width / 2)).sort((a, b) => a - b);
  let score = 0;
  for (let i = 1; i < ys.length; i++) if ((ys[i] as number) - (ys[i - 1] as number) < tolerance) score++;
  return score;
}

/**
 * Slope of the text lines (dy/dx in page fractions). Photographed pages are rarely level, and
 * on a tilted page the right-hand column of one line sits at the height of the next line's
 * left-hand column. The slope that lines the most items up on shared baselines wins; a level
 * page keeps 0 (or the `prior` slope) unless a tilt aligns clearly more.
 */
export function estimateSkew(items: TextItem[], prior = 0): number {
  if (items.length < 8) return prior;
  const tolerance = median(items.map((t) => t.height)) * 0.15;
  const level = alignment(items, prior, tolerance);
  let best = { slope: prior, score: level };
  for (let slope = -0.15; slope <= 0.15; slope += 0.0025) {
    const score = alignment(items, slope, tolerance);
    if (score > best.score) best = { slope, score };
  }
  return best.score >= level * 1.15 + 2 ? best.slope : prior;
}

/** Items each half of a page needs before its own tilt is measured apart from the other's. */
const MIN_HALF_ITEMS = 16;

/**
 * Slope of the text lines where each stands. A phone photo's perspective tilts the lines of the
 * page's top and bottom apart (level at the top, falling by 0.0075 at the foot of a bill), and one
 * slope for the page may fit neither: each half's own is measured, and a line takes the slope
 * interpolated between the two halves at its height. A half keeps the page's slope unless its own
 * aligns clearly more: a table whose rows lie as far apart as the tilt drops across it lines up
 * level as well as tilted, and taken level it would give each amount the label of the row above.
 */
function slopeAcross(items: TextItem[]): (y: number) => number {
  const slope = estimateSkew(items);
  const middle = median(items.map(center));
  const upper = items.filter((t) => center(t) < middle);
  const lower = items.filter((t) => center(t) >= middle);
  if (upper.length < MIN_HALF_ITEMS || lower.length < MIN_HALF_ITEMS) return () => slope;
  const top = { y: median(upper.map(center)), slope: estimateSkew(upper, slope) };
  const foot = { y: median(lower.map(center)), slope: estimateSkew(lower, slope) };
  if (top.slope === foot.slope || foot.y <= top.y) return () => slope;
  return (y) => {
    const t = Math.min(1, Math.max(0, (y - top.y) / (foot.y - top.y)));
    return top.slope + t * (foot.slope - top.slope);
  };
}

/**
 * Text several times the height of the page's print (a watermark across a table, a display
 * title, a holder's name) forms lines of its own: joined to a row of print, its height would
 * swallow the rows around it.
 */
const DISPLAY_HEIGHT = 2.5;

/**
 * A page's items grouped into visual lines, top to bottom, each left to right. Heights are
 * measured square to the page's text lines, so a label and its value on a tilted photo stay one
 * line; an item joins a line when its centre is within half a line height of the line's centre.
 */
export function lineGroups(items: readonly TextItem[]): TextItem[][] {
  const read = items.filter((t) => t.text.trim() !== "" && t.height > 0);
  const typical = median(read.map((t) => t.height));
  const charWidth = median(read.map((t) => t.width / t.text.trim().length));
  const tall = read.filter((t) => ruledBox(t, typical, charWidth));
  const without = groupLines(
    read.filter((t) => !tall.includes(t)),
    typical,
  );
  // Only where a line of print runs beside it, inside its height, did its box take in rules.
  const ruled = tall.filter((t) => linesBeside(t, without) >= 1);
  const { groups, level, slopeAt } =
    ruled.length === tall.length
      ? without
      : groupLines(
          read.filter((t) => !ruled.includes(t)),
          typical,
        );
  for (const item of ruled) placeRuled(item, groups, typical, slopeAt);
  // A line is placed by its words read in their own box, a ruled word's own line by its middle.
  const first = (g: TextItem[]) => Math.min(...g.filter((t) => g.length === 1 || !ruled.includes(t)).map(level));
  return groups.sort((a, b) => first(a) - first(b)).map((g) => g.sort((a, b) => a.x - b.x));
}

interface Lines {
  groups: TextItem[][];
  level: (t: TextItem) => number;
  slopeAt: (y: number) => number;
}

function groupLines(all: TextItem[], typical: number): Lines {
  const isDisplay = (t: TextItem) => t.height > DISPLAY_HEIGHT * typical;
  const slopeAt = slopeAcross(all.filter((t) => !isDisplay(t)));
  const level = (t: TextItem) => center(t) - slopeAt(center(t)) * (t.x + t.width / 2 - 0.5);
  const display = groupByLevel(all.filter(isDisplay), level);
  // A word of the same display line whose box came out just under the bar (no descender, a
  // smaller capital) is still part of it: on that line's centre and at least half its height.
  const spans = display.map((line) => {
    const height = Math.max(...line.map((t) => t.height));
    return { line, height, centre: line.reduce((sum, t) => sum + level(t), 0) / line.length };
  });
  const body: TextItem[] = [];
  for (const item of all.filter((t) => !isDisplay(t))) {
    const span = spans.find((s) => Math.abs(level(item) - s.centre) <= s.height / 2 && item.height >= s.height / 2);
    if (span) span.line.push(item);
    else body.push(item);
  }
  return { groups: [...groupByLevel(body, level), ...display], level, slopeAt };
}

/** Lines of words whose centre lies within the height of `item`'s box. */
function linesBeside(item: TextItem, lines: Lines): number {
  const at = (y: number) => y - lines.slopeAt(y) * (item.x + item.width / 2 - 0.5);
  const top = at(item.y);
  const foot = at(item.y + item.height);
  return lines.groups.filter((g) => {
    if (!g.some((t) => WORD.test(t.text))) return false;
    const centre = g.reduce((sum, t) => sum + lines.level(t), 0) / g.length;
    return centre > top && centre < foot;
  }).length;
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * A word whose box may have taken in a table's rule: OCR boxes a figure of a tilted table with the
 * rules over and under it ("208.26" three lines tall). Far taller than the print, its characters
 * no wider than the print's (a display title's are as much wider as it is taller).
 */
const RULED_HEIGHT = 1.8;
function ruledBox(t: TextItem, typicalHeight: number, typicalCharWidth: number): boolean {
  const chars = t.text.trim().length;
  return chars >= 2 && t.height > RULED_HEIGHT * typicalHeight && t.width / chars < 1.6 * typicalCharWidth;
}

/**
 * A ruled word's text stands at one end of its box, or between two rules in its middle: it joins
 * the line whose centre its middle or one of its ends (half a print line's height in) falls on,
 * nearest first; on none, it is a line of its own.
 */
function placeRuled(item: TextItem, groups: TextItem[][], typical: number, slopeAt: (y: number) => number): void {
  const levelAt = (y: number, t: TextItem) => y - slopeAt(y) * (t.x + t.width / 2 - 0.5);
  const ends = [item.y + typical / 2, center(item), item.y + item.height - typical / 2].map((y) => levelAt(y, item));
  let best: { group: TextItem[]; distance: number } | null = null;
  // A line of marks alone (a table's border OCR read as "|") is no line of text to join.
  for (const group of groups.filter((g) => g.some((t) => WORD.test(t.text)))) {
    const centre = group.reduce((sum, t) => sum + levelAt(center(t), t), 0) / group.length;
    const distance = Math.min(...ends.map((e) => Math.abs(e - centre)));
    if (distance <= typical / 2 && (!best || distance < best.distance)) best = { group, distance };
  }
  if (best) best.group.push(item);
  else groups.push([item]);
}

/** Groups still open to a later item: a line's words can come after the next line's in level order. */
const OPEN_GROUPS = 3;

/**
 * Two words of one visual line never stand over each other: a caption and the value printed just
 * under it (a passport's "Given names" over "NOAH", boxes half a line apart) are two lines even
 * where OCR boxed a word of both lines at once, whose height would otherwise join them. A word
 * printed twice in place (a text layer's faked bold), two readings of one stretch and marks
 * without letters (a separate accent) stay on their line.
 */
function standsOver(a: TextItem, b: TextItem): boolean {
  const overlap = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  if (overlap <= 0.5 * Math.min(a.width, b.width)) return false;
  // Two readings of one stretch of a line (OCR boxing a zone line twice) share its centre.
  if (Math.abs(center(a) - center(b)) < 0.4 * Math.min(a.height, b.height)) return false;
  const word = /[\p{L}\p{N}]/u;
  return a.text.trim() !== b.text.trim() && word.test(a.text) && word.test(b.text);
}

function groupByLevel(items: TextItem[], level: (t: TextItem) => number): TextItem[][] {
  const groups: Array<{ items: TextItem[]; sum: number; height: number }> = [];
  for (const item of [...items].sort((a, b) => level(a) - level(b))) {
    // Half the taller of the two heights: words of one line share a centre within that, the
    // next line's centre sits a full line height away. The nearest such line wins.
    let best: (typeof groups)[number] | undefined;
    let bestDistance = Infinity;
    for (const group of groups.slice(-OPEN_GROUPS)) {
      const distance = Math.abs(level(item) - group.sum / group.items.length);
      if (distance > Math.max(group.height, item.height) * 0.5 || distance >= bestDistance) continue;
      if (group.items.some((other) => standsOver(other, item))) continue;
      best = group;
      bestDistance = distance;
    }
    if (best) {
      best.items.push(item);
      best.sum += level(item);
      best.height = Math.max(best.height, item.height);
      continue;
    }
    groups.push({ items: [item], sum: level(item), height: item.height });
  }
  return groups.map((g) => g.items);
}

export function rowsOf(items: TextItem[]): Row[] {
  return lineGroups(items).map(toRow);
}

export function linesOf(items: TextItem[]): string[] {
  return rowsOf(items).map((r) => r.text);
}

function toRow(items: TextItem[]): Row {
  const segments: Segment[] = [];
  let current: { parts: string[]; x: number; y: number; right: number; bottom: number } | null = null;
  let prevEnd = -1;
  for (const it of items) {
    const text = it.text.trim();
    const gap = it.x - prevEnd;
    // Past this gap (in character heights) the next word belongs to another column.
    if (current && gap <= it.height * 1.5) {
      // Runs closer than a sliver of the font size are pieces of one word (kerning splits them).
      current.parts.push(gap > it.height * 0.12 ? ` ${text}` : text);
      current.right = Math.max(current.right, it.x + it.width);
      current.y = Math.min(current.y, it.y);
      current.bottom = Math.max(current.bottom, it.y + it.height);
    } else {
      if (current) segments.push(close(current));
      current = { parts: [text], x: it.x, y: it.y, right: it.x + it.width, bottom: it.y + it.height };
    }
    prevEnd = it.x + it.width;
  }
  if (current) segments.push(close(current));
  return { text: segments.map((s) => s.text).join("  "), segments };
}

function close(c: { parts: string[]; x: number; y: number; right: number; bottom: number }): Segment {
  return { text: c.parts.join(""), x: c.x, y: c.y, width: c.right - c.x, height: c.bottom - c.y };
}
