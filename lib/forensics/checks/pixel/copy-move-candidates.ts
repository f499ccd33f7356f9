// Copy-move candidates: block matching at reduced resolution (see copy-move.ts for the method and
// its limits). Every non-blank 8×8 block, stride 1, is described by its 4×4 sub-cell means; blocks
// are hashed on a coarse version, sorted by a projection of the fine one inside each hash, and
// compared with their nearest neighbours in that order; matching pairs vote for their shift.
import type { Grey } from "./raster";
import type { PixelBox } from "../../region";

export const BLOCK = 8;
/** Blocks with less mean gradient than this (grey levels) are paper and noise: they match everything. */
const MIN_BLOCK_ACTIVITY = 12;
const WINDOW = 5;
/** Shifts shorter than this (reduced pixels) are the block overlapping itself. */
const MIN_SHIFT = 10;

export interface Candidate extends PixelBox {
  dx: number;
  dy: number;
  count: number;
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
function describeBlocks(s: Grey, phaseTolerance: number) {
  const { width: w, height: h, data } = s;
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
  // Grown by doubling: a JS array of millions of doubles costs more than the arithmetic.
  let rawFeatures = new Float32Array(16 * 4096);
  const rawPositions: number[] = [];
  const rawTolerance: number[] = [];
  const order: number[] = [];
  for (let y = 0; y + BLOCK <= h; y++) {
    for (let x = 0; x + BLOCK <= w; x++) {
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
      const at = rawPositions.length * 16;
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
      order.push(((key & 0x7ffff) * 4096 + projQ) * 2 ** 21 + rawPositions.length);
      rawPositions.push(y * w + x);
    }
  }
  const count = rawPositions.length;
  const sorted = Float64Array.from(order).sort();
  const features = new Float32Array(count * 16);
  const positions = new Int32Array(count);
  const tolerance = new Float32Array(count);
  const hash = new Int32Array(count);
  for (let a = 0; a < count; a++) {
    const src = sorted[a] % 2 ** 21;
    hash[a] = Math.floor(sorted[a] / 2 ** 33);
    positions[a] = rawPositions[src];
    tolerance[a] = rawTolerance[src];
    for (let k = 0; k < 16; k++) features[a * 16 + k] = rawFeatures[src * 16 + k];
  }
  return { features, positions, tolerance, hash, count };
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
  readonly distance: Float64Array;
  readonly box: Int32Array;
  readonly shift: Int32Array;
  private filled = 0;

  constructor(bits: number) {
    this.size = 1 << bits;
    this.used = new Uint8Array(this.size);
    this.key = new Int32Array(this.size * 2);
    this.count = new Int32Array(this.size);
    this.distance = new Float64Array(this.size);
    this.box = new Int32Array(this.size * 4);
    this.shift = new Int32Array(this.size * 2);
  }

  /** Adds a vote; returns false when the table is full (further votes are dropped). */
  vote(shiftKey: number, areaKey: number, dx: number, dy: number, x: number, y: number, distance: number): boolean {
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
        this.box.set([x, y, x + BLOCK, y + BLOCK], slot * 4);
        break;
      }
      if (this.key[slot * 2] === shiftKey && this.key[slot * 2 + 1] === areaKey) {
        const b = slot * 4;
        this.box[b] = Math.min(this.box[b], x);
        this.box[b + 1] = Math.min(this.box[b + 1], y);
        this.box[b + 2] = Math.max(this.box[b + 2], x + BLOCK);
        this.box[b + 3] = Math.max(this.box[b + 3], y + BLOCK);
        break;
      }
      slot = (slot + 1) & (this.size - 1);
    }
    this.count[slot]++;
    this.distance[slot] += distance;
    return true;
  }

  *slots(): Generator<number> {
    for (let i = 0; i < this.size; i++) if (this.used[i]) yield i;
  }
}

/** Shift vectors backed by many closely matching block pairs in one area, best first. */
export function findCandidates(
  s: Grey,
  opts: { maxCandidates: number; minSupport: number; phaseTolerance: number },
): Candidate[] {
  const { width: w } = s;
  const { features, positions, tolerance, hash, count } = describeBlocks(s, opts.phaseTolerance);
  if (count < 2 || count >= 2 ** 21) return [];
  const votes = new VoteTable(18);
  let full = false;
  for (let ia = 0; ia < count && !full; ia++) {
    const end = Math.min(count, ia + 1 + WINDOW);
    for (let ib = ia + 1; ib < end; ib++) {
      if (hash[ib] !== hash[ia]) break;
      const limit = Math.min(tolerance[ia], tolerance[ib]);
      let far = 0;
      for (let k = 0; k < 16 && far <= limit; k++) {
        far = Math.max(far, Math.abs(features[ia * 16 + k] - features[ib * 16 + k]));
      }
      if (far > limit) continue;
      // Orient the pair so each shift is counted once, from its upper/left member.
      const swap = positions[ib] < positions[ia];
      const pa = swap ? positions[ib] : positions[ia];
      const pb = swap ? positions[ia] : positions[ib];
      const ax = pa % w;
      const ay = (pa - ax) / w;
      const bx = pb % w;
      const by = (pb - bx) / w;
      const dx = bx - ax;
      const dy = by - ay;
      if (Math.abs(dx) < MIN_SHIFT && Math.abs(dy) < MIN_SHIFT) continue;
      // Shifts in bins of 2: the same clone seen at neighbouring sub-pixel phases votes once.
      const shiftKey = ((dy >> 1) + 8192) * 16384 + ((dx >> 1) + 8192);
      const areaKey = Math.floor(ay / AREA) * 65536 + Math.floor(ax / AREA);
      if (!votes.vote(shiftKey, areaKey, dx, dy, ax, ay, far)) {
        full = true;
        break;
      }
    }
  }
  const out: Candidate[] = [];
  for (const slot of votes.slots()) {
    const n = votes.count[slot];
    if (n < opts.minSupport) continue;
    out.push({
      dx: votes.shift[slot * 2],
      dy: votes.shift[slot * 2 + 1],
      count: n,
      closeness: 1 / (1 + votes.distance[slot] / n),
      x0: votes.box[slot * 4],
      y0: votes.box[slot * 4 + 1],
      x1: votes.box[slot * 4 + 2],
      y1: votes.box[slot * 4 + 3],
    });
  }
  // Rank by support weighted with closeness: a clone's blocks match more closely than two prints of a glyph.
  return out.sort((p, q) => q.count * q.closeness - p.count * p.closeness).slice(0, opts.maxCandidates);
}
