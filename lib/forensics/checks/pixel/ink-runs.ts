// Runs of ink along a line of coverage values (a row, a column, a diagonal): the one walk both
// stroke measures make, stroke_weight for the thinnest run through each pixel and letterform for
// the widths of stems and thin strokes.

/** Coverage that makes a pixel part of a run of ink (anti-aliased edges count by their share). */
const RUN_COVER = 0.15;

/**
 * Visits each run of ink along `length` coverage values from `start` by `step`: its width (the sum
 * of its pixels' coverage) and where it begins and ends (`from` inclusive, `to` exclusive, in steps).
 */
export function inkRuns(
  cover: Float32Array,
  start: number,
  step: number,
  length: number,
  visit: (width: number, from: number, to: number) => void,
): void {
  let width = 0;
  let from = 0;
  for (let n = 0; n <= length; n++) {
    const c = n < length ? (cover[start + n * step] as number) : 0;
    if (c >= RUN_COVER) {
      if (width === 0) from = n;
      width += c;
    } else if (width > 0) {
      visit(width, from, n);
      width = 0;
    }
  }
}
