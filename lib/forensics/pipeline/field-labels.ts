// Finding the value printed beside or under a label: "Date of birth: 01/02/1990" in one run,
// "Net pay    2,345.67" across a column gap, or an ID card's "Surname" with "SMITH" below it.
// Uses the segments' boxes, so a value is taken from the column its label heads.
import type { Row, Segment } from "./reading-order";

export interface LabelOptions {
  /** Look in the rows below the label (ID cards, forms). Default true. */
  below?: boolean;
  /** Every label pattern of the document type: a neighbour that is itself a label is not a value. */
  allLabels?: RegExp[];
}

export function labelled(rows: Row[], labels: RegExp[], opts: LabelOptions = {}): string | null {
  const isLabel = (s: Segment) => (opts.allLabels ?? []).some((re) => startsWithLabel(s.text, re));
  // A label with no value of its own after it: a caption whose value is printed under it.
  const standingCaption = (s: Segment) =>
    (opts.allLabels ?? []).some((re) => {
      const m = s.text.match(re);
      return !!m && m.index !== undefined && m.index <= 2 && !cleanValue(s.text.slice(m.index + m[0].length));
    });
  for (let i = 0; i < rows.length; i++) {
    const segs = rows[i].segments;
    for (let j = 0; j < segs.length; j++) {
      for (const label of labels) {
        const m = segs[j].text.match(label);
        if (!m || m.index === undefined) continue;
        const rest = cleanValue(segs[j].text.slice(m.index + m[0].length));
        if (rest) return rest;
        // A caption with its value printed larger right under it (identity pages, forms) is read
        // downwards first: what stands beside it belongs to another column. Not in a key-value
        // table, whose next caption or a table's heading under it may be boxed taller on a photo.
        const under = opts.below === false ? null : segmentBelow(rows, i, segs[j], isLabel);
        const right = segs.slice(j + 1).find(hasContent);
        const tableValue = !!right && !isLabel(right) && inKeyValueTable(rows, i, segs[j], right);
        if (under && !tableValue && under.segment.height >= segs[j].height * LARGER_VALUE) return under.value;
        // A value beside its label sits close by; something half a page away is another column,
        // unless the rows around hold captions and values in the same two columns (a key-value
        // table: "Employee name ... Noah Horvat" over "Payroll number ... E9114"), where the
        // segment under the label is the next caption, not this one's value.
        // On a form whose captions stand above their values, the segment beside a caption may be
        // the value of the next column's caption just above it (two columns set half a line
        // apart): that one is not this label's.
        if (
          right &&
          !isLabel(right) &&
          (right.x - (segs[j].x + segs[j].width) < 0.3 || tableValue) &&
          !(opts.below !== false && captionAbove(rows, i, right, standingCaption))
        ) {
          const v = cleanValue(right.text);
          if (v) return v;
        }
        // In a key-value table the segment under a caption standing alone is the next caption:
        // its row holds a value of its own across the gap.
        if (under && (right || !inKeyValueTable(rows, i, segs[j]))) return under.value;
      }
    }
  }
  return null;
}

/** A value printed this much taller than its caption is that caption's (captions are small print). */
const LARGER_VALUE = 1.15;

/** The first segment in the next rows that sits in the same column as `label`, and its value. */
function segmentBelow(
  rows: Row[],
  i: number,
  label: Segment,
  isLabel: (s: Segment) => boolean,
): { segment: Segment; value: string } | null {
  for (let k = i + 1; k < Math.min(rows.length, i + 3); k++) {
    // Too far below to belong to this label (more than ~3 line heights).
    const first = rows[k].segments[0];
    if (first && first.y - (label.y + label.height) > label.height * 3.5) return null;
    let best: Segment | null = null;
    let bestOverlap = 0;
    for (const s of rows[k].segments) {
      if (!hasContent(s)) continue;
      const overlap = Math.min(label.x + Math.max(label.width, s.width * 0.3), s.x + s.width) - Math.max(label.x, s.x);
      const aligned = Math.abs(s.x - label.x) < label.height * 2;
      const score = aligned ? Math.max(overlap, label.height) : overlap;
      if (score > bestOverlap) {
        best = s;
        bestOverlap = score;
      }
    }
    if (best) {
      if (isLabel(best)) return null;
      const v = cleanValue(best.text);
      if (v) return { segment: best, value: v };
    }
  }
  return null;
}

/**
 * Whether the row next to row `i` (below, else above; below only for a label without a value) holds a segment starting in `label`'s column
 * and one other, past the middle of the gap between the label and its value (`value`, or a column
 * gap when it has none): the two columns of a key-value table. The values' column may align left,
 * right or each value its own way (a bold total at the left, amounts at the right).
 */
function inKeyValueTable(rows: Row[], i: number, label: Segment, value?: Segment): boolean {
  const sameColumn = (a: Segment, b: Segment) => Math.abs(a.x - b.x) < Math.max(a.height, b.height) * 2;
  const labelEnd = label.x + label.width;
  const valueFrom = value ? (labelEnd + value.x) / 2 : labelEnd + label.height * 3;
  const neighbours = value ? [rows[i + 1], rows[i - 1]] : [rows[i + 1]];
  return neighbours.some((row) => {
    const segs = row?.segments.filter(hasContent) ?? [];
    const k = segs.findIndex((s) => sameColumn(s, label));
    return k >= 0 && segs.length === k + 2 && segs[k + 1]!.x > valueFrom;
  });
}

/** A caption standing alone in one of the two rows above `value`, in its column, close above it. */
function captionAbove(rows: Row[], i: number, value: Segment, caption: (s: Segment) => boolean): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
    for (const s of rows[k]!.segments) {
      const sameColumn = Math.abs(s.x - value.x) < Math.max(s.height, value.height) * 2;
      const close = value.y - (s.y + s.height) < Math.max(s.height, value.height) * 2;
      if (sameColumn && close && caption(s)) return true;
    }
  }
  return false;
}

/** OCR turns rules, borders and specks into "|", "=", "-": those are never values. */
function hasContent(s: Segment): boolean {
  return /[\p{L}\p{N}]/u.test(s.text);
}

function startsWithLabel(text: string, re: RegExp): boolean {
  const m = text.match(re);
  return !!m && m.index !== undefined && m.index <= 2;
}

function cleanValue(s: string): string {
  // Bilingual labels ("Surname / Nom") and separators come before the value.
  let v = s.replace(/^\s*(\/\s*[\p{L}'.]+(?: [\p{L}'.]+)*?(?=\s{2,}|\s*$|\s*:))?\s*[:\-–.#]*\s*/u, "");
  v = v.split(/\s{2,}|\t/)[0].trim();
  return /[\p{L}\p{N}]/u.test(v) ? v : "";
}
