// Lines that leave the axis the lines around them are centred on. A diploma or a certificate
// centres its lines (the heading, "This is to certify that", the holder's name, the degree) on
// one axis, which the layout engine keeps to within a pixel or two whatever the lines' lengths. A
// forger who paints a centred name over and types another starts it where the old one started:
// the new name is as much off the axis as half the difference of the two names' widths. Only a
// line that is one phrase (no second column), between lines that agree on an axis while their
// left edges differ (centred by design, not a left-aligned paragraph), is judged.
import { median } from "./stats";

export interface LineBox {
  /** Ink extent of the line's words, pixels. */
  x0: number;
  x1: number;
  /** Vertical centre and height of the line (its words' OCR boxes), pixels. */
  y: number;
  height: number;
  /** The line is one phrase: no column gap inside it. */
  single: boolean;
}

/** Lines within this many line heights above or below a line are the stack it is judged in. */
const REACH = 12;
/** Centres within this many pixels (or this share of the line's height) share an axis. */
const AXIS_PX = 3;
const AXIS_SHARE = 0.08;
/** Lines a stack needs on its axis (besides the judged one) to be a centred design. */
const MIN_ON_AXIS = 3;
/** The axis's lines must start this many line heights apart at least (else they are left-aligned). */
const MIN_LEFT_SPREAD = 1.5;

const centre = (l: LineBox) => (l.x0 + l.x1) / 2;

/**
 * For each line: how far its centre stands off the axis of the centred lines around it, as a
 * share of its height (signed), with the number of lines on that axis; null where the line is in
 * no centred stack.
 */
export function centreOffsets(lines: readonly LineBox[]): Array<{ value: number; peers: number } | null> {
  return lines.map((line) => {
    if (!line.single) return null;
    const stack = lines.filter(
      (l) => l !== line && l.single && Math.abs(l.y - line.y) <= REACH * Math.max(l.height, line.height),
    );
    const tolerance = Math.max(AXIS_PX, AXIS_SHARE * line.height);
    // The axis: the largest group of the stack's centres within the tolerance of each other.
    let axis: LineBox[] = [];
    for (const l of stack) {
      const group = stack.filter((m) => Math.abs(centre(m) - centre(l)) <= tolerance);
      if (group.length > axis.length) axis = group;
    }
    if (axis.length < MIN_ON_AXIS) return null;
    const lefts = axis.map((l) => l.x0);
    if (Math.max(...lefts) - Math.min(...lefts) < MIN_LEFT_SPREAD * line.height) return null;
    // The lines right above and below are on the axis: the line sits inside the centred stack,
    // not beside it (a date at the margin under a centred block).
    const above = stack.filter((l) => l.y < line.y).sort((a, b) => b.y - a.y)[0];
    const below = stack.filter((l) => l.y > line.y).sort((a, b) => a.y - b.y)[0];
    if ((above && !axis.includes(above)) || (below && !axis.includes(below))) return null;
    const offset = centre(line) - median(axis.map(centre));
    // A line pushed off the axis by a different width stays within half its own width of it; one
    // further off was never centred (set at a margin).
    if (Math.abs(offset) >= (line.x1 - line.x0) / 2) return null;
    return { value: offset / line.height, peers: axis.length };
  });
}
