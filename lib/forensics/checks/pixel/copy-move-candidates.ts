// Copy-move candidates: block matching at reduced resolution (see copy-move.ts for the method and
// its limits). Every non-blank 8×8 block, stride 1, is described by its 4×4 sub-cell means; blocks
// are hashed on a coarse version, sorted by a projection of the fine one inside each hash, and
// compared with their nearest neighbours in that order; matching pairs vote for their shift.
//
// A clone moved by an odd number of pixels lands between the reduced raster's samples: its blocks
// average other pixel pairs than its source's, and at a text's contrast their sub-cells differ by
// more than any tolerance that still tells glyphs apart (on a 300-dpi scan, every clone moved by an
// odd number of pixels in either direction went unmatched). So the page is also reduced from the
// other sampling phases ("layers"), described there only every third block (a word-sized clone
// still casts dozens of votes, at a third of the cost of a full layer), and their blocks are
// matched with the regular ones: one of them samples the clone as its source was sampled.
import type { Grey } from "./raster";
import type { PixelBox } from "../../region";

export const BLOCK = 8;
/** Blocks with less mean gradient than this (grey levels) are paper and noise: they match everything. */
const MIN_BLOCK_ACTIVITY = 12;
const WINDOW = 5;
/** Shifts shorter than this (reduced pixels) are the block overlapping itself. */
const MIN_SHIFT = 10;

/** A reduced raster of the page: sampled from (ox, oy) full-resolution pixels on, described every `stride` blocks. */
export interface Layer {
  raster: Grey;
  ox: number;
  oy: number;
  stride: number;
}

export interface Candidate extends PixelBox {
  /** Shift in reduced pixels (rounded), and exactly in full-resolution pixels. */
  dx: number;
  dy: number;
  fullShift: [number, number];
  count: number;
  /** count, with an off-phase layer's votes weighted by the blocks it skipped (ranking only). */
  support: number;
  /** Mean feature distance of the supporting pairs: clones match closer than repeated glyphs. */
  closeness: number;
}

const PROJECTION = Float64Array.from({ length: 16 }, (_, k) => Math.sin(k * 12.9898 + 4.1414) * 0.5);
/** Supporting pairs are counted per shift and per area of this size, so one clone is one candidate. */
const AREA = 24;
/** Largest sub-cell difference (grey levels) for two blocks to match. */
const MAX_FEATURE_DISTANCE = 3;

/**
 * Describes every non-blank, two-dimensional 8×8 block of `s`: 16 sub-cell means relative to the
 * block mean, a coarse hash of them and a projection to sort by. Returned in sorted order, so the
 * neighbour comparisons that follow read memory sequentially.
 */
function describeBlocks(layers: Layer[], scale: number, phaseTolerance: number) {
  let rawFeatures: Float32Array<ArrayBufferLike> = new Float32Array(16 * 4096);
  const rawX: number[] = [];
  const rawY: number[] = [];
  const rawLayer: number[] = [];
  const rawTolerance: number[] = [];
  const order: number[] = [];
  for (const [li, layer] of layers.entries()) {
    rawFeatures = describeLayer(
      layer,
      li,
      scale,
      phaseTolerance,
      rawFeatures,
      rawX,
      rawY,
      rawLayer,
      rawTolerance,
      order,
    );
  }
  const count = rawX.length;
  const sorted = Float64Array.from(order).sort();
  const features = new Float32Array(count * 16);
  const xs = new Int32Array(count);
  const ys = new Int32Array(count);
  const layerOf = new Int8Array(count);
  const tolerance = new Float32Array(count);
  const hash = new Int32Array(count);
  for (let a = 0; a < count; a++) {
    const src = sorted[a] % 2 ** 21;
    hash[a] = Math.floor(sorted[a] / 2 ** 33);
    xs[a] = rawX[src];
    ys[a] = rawY[src];
    layerOf[a] = rawLayer[src];
    tolerance[a] = rawTolerance[src];
    for (let k = 0; k < 16; k++) features[a * 16 + k] = rawFeatures[src * 16 + k];
  }
  return { features, xs, ys, layerOf, tolerance, hash, count };
}

/** Describes one layer's blocks into the shared arrays (positions in full-resolution pixels); returns the grown feature buffer. */
function describeLayer(
  layer: Layer,
  li: number,
  scale: number,
  phaseTolerance: number,
  features: Float32Array<ArrayBufferLike>,
  rawX: number[],
  rawY: number[],
  rawLayer: number[],
  rawTolerance: number[],
  order: number[],
): Float32Array<ArrayBufferLike> {
  let rawFeatures = features;
  const { width: w, height: h, data } = layer.raster;
  const step = layer.stride;
  // Integral images of intensity and of gradient magnitude make block and sub-cell sums O(1);
  // both fit 32 bits for any page the engine accepts at this scale.
  const iw = w + 1;
  const sum = new Int32Array(iw * (h + 1));
  const act = new Int32Array(iw * (h + 1));
  for (let y = 0; y < h; y++) {
    let rs = 0;
    let ra = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const v = data[i];
      rs += v;
      ra += (x + 1 < w ? Math.abs(data[i + 1] - v) : 0) + (y + 1 < h ? Math.abs(data[i + w] - v) : 0);
      sum[(y + 1) * iw + x + 1] = sum[y * iw + x + 1] + rs;
      act[(y + 1) * iw + x + 1] = act[y * iw + x + 1] + ra;
    }
  }
  const b8 = BLOCK * iw + BLOCK;
  const cellOffset = Int32Array.from({ length: 16 }, (_, k) => (k >> 2) * 2 * iw + (k & 3) * 2);
  const c2 = 2 * iw + 2;
  const f = new Float64Array(16);
  // Features grow by doubling: a JS array of millions of doubles costs more than the arithmetic.
  for (let y = 0; y + BLOCK <= h; y += step) {
    for (let x = 0; x + BLOCK <= w; x += step) {
      const i = y * iw + x;
      const activity = (act[i + b8] - act[i + BLOCK] - act[i + BLOCK * iw] + act[i]) / 64;
      if (activity < MIN_BLOCK_ACTIVITY) continue;
      const mean = (sum[i + b8] - sum[i + BLOCK] - sum[i + BLOCK * iw] + sum[i]) / 64;
      for (let k = 0; k < 16; k++) {
        const j = i + cellOffset[k];
        f[k] = (sum[j + c2] - sum[j + 2] - sum[j + 2 * iw] + sum[j]) / 4 - mean;
      }
      // A stretch of ruled line or a text baseline varies along one axis only and matches itself at
      // every shift along it; only blocks with structure in both directions can locate a clone.
      let gx = 0;
      let gy = 0;
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 3; c++) {
          gx += Math.abs(f[r * 4 + c + 1] - f[r * 4 + c]);
          gy += Math.abs(f[(c + 1) * 4 + r] - f[c * 4 + r]);
        }
      }
      if (Math.min(gx, gy) < 0.25 * Math.max(gx, gy) || Math.min(gx, gy) < 8) continue;
      const at = rawX.length * 16;
      if (at + 16 > rawFeatures.length) {
        const grown = new Float32Array(rawFeatures.length * 2);
        grown.set(rawFeatures);
        rawFeatures = grown;
      }
      let proj = 0;
      for (let k = 0; k < 16; k++) {
        rawFeatures[at + k] = f[k];
        proj += PROJECTION[k] * f[k];
      }
      let key = 0;
      for (let q = 0; q < 4; q++) {
        const r0 = (q >> 1) * 2;
        const c0 = (q & 1) * 2;
        const quad = (f[r0 * 4 + c0] + f[r0 * 4 + c0 + 1] + f[(r0 + 1) * 4 + c0] + f[(r0 + 1) * 4 + c0 + 1]) / 4;
        key = Math.imul(key ^ (Math.round(quad / 10) + 64), 0x9e3779b1) >>> 0;
      }
      // Noise and re-compression differ between copies; so does the sampling phase of edges when
      // the raster is reduced. Allow for both, the latter in proportion to the block's contrast.
      rawTolerance.push(MAX_FEATURE_DISTANCE + phaseTolerance * activity);
      // One float64 per block: hash (19 bits), projection (12 bits), index (21 bits); a numeric sort orders all three.
      const projQ = Math.max(0, Math.min(4095, Math.round(proj * 8 + 2048)));
      order.push(((key & 0x7ffff) * 4096 + projQ) * 2 ** 21 + rawX.length);
      rawX.push(x * scale + layer.ox);
      rawY.push(y * scale + layer.oy);
      rawLayer.push(li);
    }
  }
  return rawFeatures;
}

/**
 * Votes of block pairs per (shift, area), in an open-addressing table on typed arrays: a page
 * casts millions of votes and a Map keyed by numbers that large would dominate the run time.
 */
class VoteTable {
  private readonly size: number;
  private readonly used: Uint8Array;
  private readonly key: Int32Array;
  readonly count: Int32Array;
  /** Votes weighted by how sparsely their blocks were described (an off-phase layer's stride squared). */
  readonly weight: Float64Array;
  readonly distance: Float64Array;
  readonly box: Int32Array;
  readonly shift: Int32Array;
  private filled = 0;

  constructor(bits: number) {
    this.size = 1 << bits;
    this.used = new Uint8Array(this.size);
    this.key = new Int32Array(this.size * 2);
    this.count = new Int32Array(this.size);
    this.weight = new Float64Array(this.size);
    this.distance = new Float64Array(this.size);
    this.box = new Int32Array(this.size * 4);
    this.shift = new Int32Array(this.size * 2);
  }

  /** Adds a vote; returns false when the table is full (further votes are dropped). */
  vote(
    shiftKey: number,
    areaKey: number,
    dx: number,
    dy: number,
    x: number,
    y: number,
    size: number,
    distance: number,
    weight: number,
  ): boolean {
    let slot = (Math.imul(shiftKey, 0x9e3779b1) ^ Math.imul(areaKey, 0x85ebca6b)) >>> 0;
    slot &= this.size - 1;
    for (;;) {
      if (!this.used[slot]) {
        if (this.filled > this.size * 0.7) return false;
        this.used[slot] = 1;
        this.filled++;
        this.key[slot * 2] = shiftKey;
        this.key[slot * 2 + 1] = areaKey;
        this.shift[slot * 2] = dx;
        this.shift[slot * 2 + 1] = dy;
        this.box.set([x, y, x + size, y + size], slot * 4);
        break;
      }
      if (this.key[slot * 2] === shiftKey && this.key[slot * 2 + 1] === areaKey) {
        const b = slot * 4;
        this.box[b] = Math.min(this.box[b], x);
        this.box[b + 1] = Math.min(this.box[b + 1], y);
        this.box[b + 2] = Math.max(this.box[b + 2], x + size);
        this.box[b + 3] = Math.max(this.box[b + 3], y + size);
        break;
      }
      slot = (slot + 1) & (this.size - 1);
    }
    this.count[slot]++;
    this.weight[slot] += weight;
    this.distance[slot] += distance;
    return true;
  }

  *slots(): Generator<number> {
    for (let i = 0; i < this.size; i++) if (this.used[i]) yield i;
  }
}

/** Shift vectors backed by many closely matching block pairs in one area, best first. */
export function findCandidates(
  layers: Layer[],
  opts: { scale: number; maxCandidates: number; minSupport: number; phaseTolerance: number },
): Candidate[] {
  const scale = opts.scale;
  const { features, xs, ys, layerOf, tolerance, hash, count } = describeBlocks(layers, scale, opts.phaseTolerance);
  if (count < 2 || count >= 2 ** 21) return [];
  const votes = new VoteTable(18);
  const strides = layers.map((l) => l.stride);
  const minShift = MIN_SHIFT * scale;
  let full = false;
  for (let ia = 0; ia < count && !full; ia++) {
    const end = Math.min(count, ia + 1 + WINDOW);
    for (let ib = ia + 1; ib < end; ib++) {
      if (hash[ib] !== hash[ia]) break;
      // Two blocks of one off-phase layer repeat what the regular layer already matched.
      if (layerOf[ia] === layerOf[ib] && layerOf[ia] !== 0) continue;
      const limit = Math.min(tolerance[ia], tolerance[ib]);
      let far = 0;
      for (let k = 0; k < 16 && far <= limit; k++) {
        far = Math.max(far, Math.abs(features[ia * 16 + k] - features[ib * 16 + k]));
      }
      if (far > limit) continue;
      // Orient the pair so each shift is counted once, from its upper/left member.
      const swap = ys[ib] < ys[ia] || (ys[ib] === ys[ia] && xs[ib] < xs[ia]);
      const ax = swap ? xs[ib] : xs[ia];
      const ay = swap ? ys[ib] : ys[ia];
      const dx = (swap ? xs[ia] : xs[ib]) - ax;
      const dy = (swap ? ys[ia] : ys[ib]) - ay;
      if (Math.abs(dx) < minShift && Math.abs(dy) < minShift) continue;
      // Shifts in bins of two reduced pixels: the same clone seen at neighbouring sub-pixel phases votes once.
      const bin = 2 * scale;
      const shiftKey = (Math.floor(dy / bin) + 8192) * 16384 + (Math.floor(dx / bin) + 8192);
      const areaKey = Math.floor(ay / (AREA * scale)) * 65536 + Math.floor(ax / (AREA * scale));
      const weight = Math.max(strides[layerOf[ia]], strides[layerOf[ib]]) ** 2;
      if (!votes.vote(shiftKey, areaKey, dx, dy, ax, ay, BLOCK * scale, far, weight)) {
        full = true;
        break;
      }
    }
  }
  const out: Candidate[] = [];
  for (const slot of votes.slots()) {
    const n = votes.count[slot];
    if (n < opts.minSupport) continue;
    const fdx = votes.shift[slot * 2];
    const fdy = votes.shift[slot * 2 + 1];
    out.push({
      dx: Math.round(fdx / scale),
      dy: Math.round(fdy / scale),
      fullShift: [fdx, fdy],
      count: n,
      support: votes.weight[slot],
      closeness: 1 / (1 + votes.distance[slot] / n),
      x0: Math.floor(votes.box[slot * 4] / scale),
      y0: Math.floor(votes.box[slot * 4 + 1] / scale),
      x1: Math.ceil(votes.box[slot * 4 + 2] / scale),
      y1: Math.ceil(votes.box[slot * 4 + 3] / scale),
    });
  }
  // Rank by support weighted with closeness: a clone's blocks match more closely than two prints of
  // a glyph. Support counts a sparse layer's votes for the blocks it skipped, so that a clone moved
  // by an odd number of pixels ranks as high as one moved by an even number.
  return out.sort((p, q) => q.support * q.closeness - p.support * p.closeness).slice(0, opts.maxCandidates);
}
