// Finds machine-readable zones by their geometry, the way passport readers do, without reading a
// word first: dark glyphs of one height in rows of 30, 36 or 44 cells at a regular pitch (OCR-B is
// monospaced and the zone has no spaces: every cell holds a glyph or a filler), stacked 2 or 3 rows
// at the zone's line spacing. Any scale, any position on the page, tilted photos included: the
// rows are followed glyph to glyph, not assumed horizontal.
import { darkMask, type Grey } from "./binarise";

export interface Glyph {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
}

export interface ZoneLine {
  glyphs: Glyph[];
  /** Distance between cell centres, in pixels of the analysed image. */
  pitch: number;
  /** Height of the capitals and digits (fillers are lower). */
  capHeight: number;
  /** The row's baseline direction as dy/dx. */
  slope: number;
  /** Centre of the first and of the last cell. */
  first: { x: number; y: number };
  last: { x: number; y: number };
  /** Cells between the first and the last glyph, both included, at the row's pitch. */
  cells: number;
}

export interface LocatedZone {
  /** The layout's line length the rows are closest to. */
  length: 30 | 36 | 44;
  lines: ZoneLine[];
}

const LAYOUT_LENGTHS = [30, 36, 44] as const;
/** Rows whose cell count is this far from a layout length are not zone lines (a glyph may be lost at either end). */
const LENGTH_SLACK = 3;
/** Fewer glyphs than this on a row cannot be a zone line of 30 even with breaks. */
const MIN_GLYPHS = 18;

/**
 * Connected dark components of a mask (8-connected), as boxes, in the order a raster scan meets
 * them. A pass runs over every pixel of a page, so it allocates nothing per pixel: labels and their
 * union-find parents live in typed arrays, and a set's root is always its smallest label.
 */
export function components(mask: Uint8Array, width: number, height: number): Glyph[] {
  const labels = new Int32Array(width * height);
  let parent = new Int32Array(1024);
  let count = 1;
  const find = (a: number): number => {
    let r = a;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[a] !== r) {
      const next = parent[a] as number;
      parent[a] = r;
      a = next;
    }
    return r;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra < rb) parent[rb] = ra;
    else if (rb < ra) parent[ra] = rb;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (!mask[i]) continue;
      // Left, up-left, up and up-right: the neighbours a raster scan has already labelled.
      const left = x > 0 ? (labels[i - 1] as number) : 0;
      const upLeft = y > 0 && x > 0 ? (labels[i - width - 1] as number) : 0;
      const up = y > 0 ? (labels[i - width] as number) : 0;
      const upRight = y > 0 && x < width - 1 ? (labels[i - width + 1] as number) : 0;
      let min = 0;
      if (left && (!min || left < min)) min = left;
      if (upLeft && (!min || upLeft < min)) min = upLeft;
      if (up && (!min || up < min)) min = up;
      if (upRight && (!min || upRight < min)) min = upRight;
      if (!min) {
        if (count === parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        parent[count] = count;
        labels[i] = count++;
        continue;
      }
      labels[i] = min;
      if (left) union(min, left);
      if (upLeft) union(min, upLeft);
      if (up) union(min, up);
      if (upRight) union(min, upRight);
    }
  }
  // Boxes per root, listed in the order the scan first meets each component.
  const x0 = new Int32Array(count);
  const y0 = new Int32Array(count);
  const x1 = new Int32Array(count);
  const y1 = new Int32Array(count);
  const order: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = labels[row + x] as number;
      if (!l) continue;
      const root = find(l);
      if (!y1[root]) {
        order.push(root);
        x0[root] = x;
        y0[root] = y;
        x1[root] = x + 1;
        y1[root] = y + 1;
      } else {
        if (x < (x0[root] as number)) x0[root] = x;
        if (x + 1 > (x1[root] as number)) x1[root] = x + 1;
        if (y + 1 > (y1[root] as number)) y1[root] = y + 1;
      }
    }
  }
  return order.map((r) => box(x0[r] as number, y0[r] as number, x1[r] as number, y1[r] as number));
}

function box(x0: number, y0: number, x1: number, y1: number): Glyph {
  return { x0, y0, x1, y1, w: x1 - x0, h: y1 - y0, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2 };
}

const joined = (a: Glyph, b: Glyph) =>
  box(Math.min(a.x0, b.x0), Math.min(a.y0, b.y0), Math.max(a.x1, b.x1), Math.max(a.y1, b.y1));

/**
 * Pieces of one glyph stacked one over the other joined: on a thin or faint print the arms of a
 * filler '<' and the bowls of a B come apart. Pieces side by side are left to the row's pitch.
 */
export function mergeStacked(glyphs: Glyph[]): Glyph[] {
  const sorted = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const gone = new Set<number>();
  for (let i = 0; i < sorted.length; i++) {
    if (gone.has(i)) continue;
    const a = sorted[i] as Glyph;
    for (let j = i + 1; j < sorted.length && (sorted[j] as Glyph).x0 < a.x1; j++) {
      const b = sorted[j] as Glyph;
      if (gone.has(j)) continue;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const gap = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1);
      const merged = joined(a, b);
      // Two pieces, each about half the glyph, one above the other with at most a hairline between.
      const halves = merged.h <= 1.35 * (a.h + b.h);
      if (
        overlap >= 0.6 * Math.min(a.w, b.w) &&
        gap <= 0.3 * Math.max(a.h, b.h) &&
        halves &&
        merged.w < 1.5 * merged.h
      ) {
        sorted[i] = merged;
        gone.add(j);
        break;
      }
    }
  }
  return sorted.filter((_, i) => !gone.has(i));
}

/** Neighbours closer than half a cell are pieces of one glyph split down its middle (an M, a W). */
function mergeSplit(glyphs: readonly Glyph[], pitch: number): Glyph[] {
  const out: Glyph[] = [];
  for (const g of glyphs) {
    const last = out.at(-1);
    if (last && g.cx - last.cx < 0.45 * pitch && joined(last, g).w < 1.1 * pitch) out[out.length - 1] = joined(last, g);
    else out.push(g);
  }
  return out;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
};

/** Whether b can be the glyph right after a on one printed row. */
function follows(a: Glyph, b: Glyph): boolean {
  const h = Math.max(a.h, b.h);
  const dx = b.cx - a.cx;
  return (
    dx > 0.3 * h && dx < 2.2 * h && b.x0 > a.x0 && Math.abs(b.cy - a.cy) < 0.35 * h && Math.min(a.h, b.h) / h > 0.3
  );
}

/** Rows of glyphs: each glyph linked to its nearest follower, each follower kept by its nearest predecessor. */
function chains(glyphs: Glyph[]): Glyph[][] {
  const sorted = [...glyphs].sort((a, b) => a.cx - b.cx);
  const next = new Map<Glyph, Glyph>();
  const prev = new Map<Glyph, Glyph>();
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as Glyph;
    let best: Glyph | null = null;
    let bestCost = Infinity;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as Glyph;
      // A follower is at most 2.2 of the taller glyph's heights on, and no glyph is over 1/0.3 of its neighbour's height.
      if (b.cx - a.cx > (2.2 / 0.3) * a.h) break;
      if (!follows(a, b)) continue;
      const cost = b.cx - a.cx + 2 * Math.abs(b.cy - a.cy);
      if (cost < bestCost) {
        bestCost = cost;
        best = b;
      }
    }
    if (!best) continue;
    const taken = prev.get(best);
    if (taken && taken.cx >= a.cx) continue;
    if (taken) next.delete(taken);
    next.set(a, best);
    prev.set(best, a);
  }
  const out: Glyph[][] = [];
  for (const g of sorted) {
    if (prev.has(g)) continue;
    const chain = [g];
    for (let n = next.get(g); n; n = next.get(n)) chain.push(n);
    out.push(chain);
  }
  return out;
}

/** Least-squares line through the glyph centres: y = a + b·x. */
function fit(glyphs: readonly Glyph[]): { a: number; b: number } {
  const n = glyphs.length;
  const mx = glyphs.reduce((s, g) => s + g.cx, 0) / n;
  const my = glyphs.reduce((s, g) => s + g.cy, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const g of glyphs) {
    sxy += (g.cx - mx) * (g.cy - my);
    sxx += (g.cx - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return { a: my - b * mx, b };
}

/** A row described by its pitch and cell count, or null when its glyphs are not evenly spaced. */
function describe(pieces: Glyph[]): ZoneLine | null {
  const heights = pieces.map((g) => g.h).sort((a, b) => a - b);
  const capHeight = heights[Math.floor(heights.length * 0.75)] as number;
  const rough = pieces.slice(1).map((g, i) => g.cx - (pieces[i] as Glyph).cx);
  // Most neighbours are one cell apart; a lost glyph makes a step of two, a split one a half.
  const roughPitch = median(rough.filter((s) => s > 0.5 * capHeight && s < 1.6 * capHeight));
  if (!roughPitch) return null;
  const glyphs = mergeSplit(pieces, roughPitch);
  const steps = glyphs.slice(1).map((g, i) => g.cx - (glyphs[i] as Glyph).cx);
  const pitch = median(steps.filter((s) => s > 0.5 * capHeight && s < 1.6 * capHeight));
  if (!pitch) return null;
  const regular = steps.filter((s) => {
    const k = Math.round(s / pitch);
    return k >= 1 && Math.abs(s - k * pitch) < 0.25 * pitch;
  }).length;
  if (regular < steps.length * 0.8) return null;
  // A mark beyond the zone's margin (a card edge, a stamp) that the row picked up is no cell of it.
  while (glyphs.length > MIN_GLYPHS && (glyphs[1] as Glyph).cx - (glyphs[0] as Glyph).cx > 1.6 * pitch) glyphs.shift();
  while (glyphs.length > MIN_GLYPHS && (glyphs.at(-1) as Glyph).cx - (glyphs.at(-2) as Glyph).cx > 1.6 * pitch)
    glyphs.pop();
  const { a, b } = fit(glyphs);
  const head = glyphs[0] as Glyph;
  const tail = glyphs.at(-1) as Glyph;
  const run = Math.hypot(tail.cx - head.cx, b * (tail.cx - head.cx));
  // Counted step by step: a glyph's centre falls on whole pixels, so the median step is a pixel's
  // rounding off the pitch, and the run divided by it can miss a cell over 44 (31.6 px read as 32).
  const cells =
    1 + glyphs.slice(1).reduce((n, g, i) => n + Math.max(1, Math.round((g.cx - (glyphs[i] as Glyph).cx) / pitch)), 0);
  return {
    glyphs,
    pitch: run / Math.max(1, cells - 1),
    capHeight,
    slope: b,
    first: { x: head.cx, y: a + b * head.cx },
    last: { x: tail.cx, y: a + b * tail.cx },
    cells,
  };
}

/**
 * A row grown along its own line: every glyph of its size on the line it draws, walking outwards
 * while the next one is at most two cells on. Chains break at a faint, touching or overprinted
 * glyph; the line through the part found does not.
 */
function grow(seed: Glyph[], all: readonly Glyph[]): Glyph[] {
  const h = median(seed.map((g) => g.h));
  const steps = seed.slice(1).map((g, i) => g.cx - (seed[i] as Glyph).cx);
  const pitch = median(steps.filter((s) => s > 0.5 * h && s < 1.6 * h)) || h;
  const { a, b } = fit(seed);
  const onLine = all
    .filter((g) => Math.abs(g.cy - (a + b * g.cx)) < 0.4 * h && g.h > 0.3 * h && g.h < 1.4 * h)
    .sort((p, q) => p.cx - q.cx);
  const start = onLine.indexOf(seed[0] as Glyph);
  if (start === -1) return seed;
  const row = [onLine[start] as Glyph];
  for (let i = start + 1; i < onLine.length; i++) {
    const g = onLine[i] as Glyph;
    if (g.cx - (row.at(-1) as Glyph).cx > 2.6 * pitch) break;
    row.push(g);
  }
  for (let i = start - 1; i >= 0; i--) {
    const g = onLine[i] as Glyph;
    if ((row[0] as Glyph).cx - g.cx > 2.6 * pitch) break;
    row.unshift(g);
  }
  return row;
}

/** Rows grown from every chain long enough to draw a line, each set of glyphs once. */
function rowsOf(glyphs: readonly Glyph[]): Glyph[][] {
  const seen = new Set<string>();
  const out: Glyph[][] = [];
  for (const chain of chains([...glyphs])
    .filter((c) => c.length >= 6)
    .sort((p, q) => q.length - p.length)) {
    const row = grow(chain, glyphs);
    const key = `${row[0]?.cx},${row[0]?.cy},${row.length}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(row);
  }
  return out;
}

const nearestLength = (cells: number) =>
  LAYOUT_LENGTHS.reduce((a, b) => (Math.abs(b - cells) < Math.abs(a - cells) ? b : a));

/** Zone lines stacked as a zone: same pitch and glyph size, left-aligned, at line spacing. */
function stack(lines: ZoneLine[]): LocatedZone[] {
  const sorted = [...lines].sort((a, b) => a.first.y - b.first.y);
  const zones: LocatedZone[] = [];
  const used = new Set<ZoneLine>();
  for (const top of sorted) {
    if (used.has(top)) continue;
    const group = [top];
    for (const line of sorted) {
      const last = group.at(-1) as ZoneLine;
      if (line === last || used.has(line) || line.first.y <= last.first.y) continue;
      const gap = line.first.y - last.first.y;
      const alike =
        Math.abs(line.pitch - last.pitch) < 0.15 * last.pitch &&
        Math.abs(line.capHeight - last.capHeight) < 0.3 * last.capHeight &&
        Math.abs(line.first.x - last.first.x) < 3 * last.pitch &&
        gap > 1.1 * last.capHeight &&
        gap < 3.2 * last.capHeight;
      if (alike) group.push(line);
    }
    const length = nearestLength(median(group.map((l) => l.cells)));
    const want = length === 30 ? 3 : 2;
    if (group.length < want) continue;
    // More rows than the layout has: the zone is at the bottom; rows above are printed data.
    const kept = group.slice(-want);
    for (const l of group) used.add(l);
    zones.push({ length, lines: align(kept, length) });
  }
  return zones;
}

/**
 * The rows of a zone start in one column and hold the layout's number of cells: a row whose first
 * glyph was lost (touching the card's edge, under a stamp) starts where the others do, and a row
 * that picked up a mark past its end stops at the layout's length.
 */
function align(lines: ZoneLine[], length: number): ZoneLine[] {
  const pitch = median(lines.map((l) => l.pitch));
  const left = Math.min(...lines.map((l) => l.first.x));
  return lines.map((line) => {
    const lost = Math.round((line.first.x - left) / pitch);
    const norm = Math.hypot(1, line.slope);
    const step = { x: line.pitch / norm, y: (line.pitch * line.slope) / norm };
    const first =
      lost > 0 && lost <= 2 ? { x: line.first.x - lost * step.x, y: line.first.y - lost * step.y } : line.first;
    return {
      ...line,
      first,
      last: { x: first.x + (length - 1) * step.x, y: first.y + (length - 1) * step.y },
      cells: length,
    };
  });
}

/**
 * Zones on a greyscale image, lowest first (the zone is printed at the bottom of a data page or
 * card). Each holds its rows in reading order.
 */
export function locateZones(image: Grey): LocatedZone[] {
  const mask = darkMask(image);
  const maxHeight = image.height * 0.15;
  const glyphs = mergeStacked(components(mask, image.width, image.height)).filter(
    (g) => g.h >= 5 && g.h <= maxHeight && g.w <= 2.5 * g.h && g.w * g.h >= 12,
  );
  const rows = rowsOf(glyphs).filter((c) => c.length >= MIN_GLYPHS);
  const lines = rows
    .map(describe)
    .filter((l): l is ZoneLine => l !== null && Math.abs(l.cells - nearestLength(l.cells)) <= LENGTH_SLACK);
  return stack(lines).sort((a, b) => (b.lines[0] as ZoneLine).first.y - (a.lines[0] as ZoneLine).first.y);
}
