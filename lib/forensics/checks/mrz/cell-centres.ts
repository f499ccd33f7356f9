// Where each cell of a zone row lies along its baseline, read off the glyphs the locator found.
//
// Why not the row's one pitch: a phone photo looks at the page at an angle, and perspective draws
// the near end of a row wider than the far end. The baseline stays straight, but the cells
// shrink steadily along it: ten per cent from one end of a 44-cell row to the other is an
// ordinary photo, and cells cut at one mean pitch from the first glyph then drift by over half a
// cell in the middle, where every glyph is read against its neighbour's ink. Each located glyph's
// centre is counted to its cell (steps of one cell, or two where a glyph was lost, judged on the
// steps just before it), and a smooth curve through them (perspective along a line is nearly a
// parabola over a row's length) places every cell, those without a located glyph included.
//
// Where it fails: a row with too few located glyphs to fit (the row's one pitch is used then),
// and a page bent across the row (a curl), which no low-order curve follows.
import { median } from "../pixel/stats";
import type { Glyph, ZoneLine } from "./locate-zone";

/** Located glyphs a curve needs before it is trusted over the row's one pitch. */
const MIN_GLYPHS = 8;
/** A glyph this far from the curve (a share of the pitch) is a mark, not a cell's glyph. */
const OUTLIER = 0.25;
/** Single steps the local pitch is the median of. */
const RECENT = 5;

/** Position along the baseline of `g`'s centre, in pixels from the row's first cell. */
function along(line: ZoneLine, g: Glyph): number {
  const norm = Math.hypot(1, line.slope);
  return (g.cx - line.first.x + (g.cy - line.first.y) * line.slope) / norm;
}

/** Each glyph with the cell it stands in, counted step by step at the pitch of the steps before. */
function counted(line: ZoneLine): Array<{ k: number; t: number }> {
  const ts = line.glyphs.map((g) => along(line, g)).sort((a, b) => a - b);
  const out: Array<{ k: number; t: number }> = [];
  const recent: number[] = [];
  for (const t of ts) {
    const previous = out.at(-1);
    if (!previous) {
      out.push({ k: Math.round(t / line.pitch), t });
      continue;
    }
    const local = recent.length > 0 ? median(recent) : line.pitch;
    const step = t - previous.t;
    const cells = Math.round(step / local);
    if (cells < 1) continue;
    if (cells === 1) recent.push(step);
    if (recent.length > RECENT) recent.shift();
    out.push({ k: previous.k + cells, t });
  }
  return out.filter((p) => p.k >= 0 && p.k < line.cells);
}

/** Least-squares t = a + b·k + c·k² through the points. */
function parabola(points: ReadonlyArray<{ k: number; t: number }>): [number, number, number] | null {
  // Normal equations on k scaled to 0..1, so the sums stay of one order.
  const scale = Math.max(1, ...points.map((p) => p.k));
  const s = new Array<number>(5).fill(0);
  const r = [0, 0, 0];
  for (const p of points) {
    const x = p.k / scale;
    for (let i = 0; i < 5; i++) s[i] = (s[i] as number) + x ** i;
    for (let i = 0; i < 3; i++) r[i] = (r[i] as number) + p.t * x ** i;
  }
  const m = [
    [s[0], s[1], s[2]],
    [s[1], s[2], s[3]],
    [s[2], s[3], s[4]],
  ] as number[][];
  const solved = solve3(m, r);
  if (!solved) return null;
  const [a, b, c] = solved;
  return [a, b / scale, c / scale ** 2];
}

function solve3(m: number[][], r: number[]): [number, number, number] | null {
  const det = (q: number[][]) =>
    q[0]![0]! * (q[1]![1]! * q[2]![2]! - q[1]![2]! * q[2]![1]!) -
    q[0]![1]! * (q[1]![0]! * q[2]![2]! - q[1]![2]! * q[2]![0]!) +
    q[0]![2]! * (q[1]![0]! * q[2]![1]! - q[1]![1]! * q[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return null;
  const column = (i: number) => m.map((row, j) => row.map((v, c) => (c === i ? (r[j] as number) : v)));
  return [det(column(0)) / d, det(column(1)) / d, det(column(2)) / d];
}

/**
 * The centre of every cell of `line` (0 … cells − 1) along its baseline, in pixels from its first
 * cell: through the located glyphs where enough of them were found, else at the row's one pitch.
 */
export function cellCentres(line: ZoneLine): number[] {
  const even = Array.from({ length: line.cells }, (_, k) => k * line.pitch);
  let points = counted(line);
  if (points.length < MIN_GLYPHS) return even;
  let fit = parabola(points);
  if (!fit) return even;
  const at = ([a, b, c]: [number, number, number], k: number) => a + b * k + c * k * k;
  // Once more without the glyphs off the curve: a stamp's speck or a split glyph counted as a cell.
  const kept = points.filter((p) => Math.abs(at(fit as [number, number, number], p.k) - p.t) < OUTLIER * line.pitch);
  if (kept.length < points.length && kept.length >= MIN_GLYPHS) {
    points = kept;
    fit = parabola(points) ?? fit;
  }
  const curve = fit;
  const centres = even.map((_, k) => at(curve, k));
  // A curve whose cells do not keep moving along, or stretch past any perspective, is no row's.
  const steps = centres.slice(1).map((t, k) => t - (centres[k] as number));
  if (steps.some((s) => s < 0.7 * line.pitch || s > 1.3 * line.pitch)) return even;
  return centres;
}
