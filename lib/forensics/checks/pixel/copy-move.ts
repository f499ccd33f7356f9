// Copy-move (cloning within the page).
//
// Why it works: a forger who needs a digit, a stamp or a signature that the page already has
// copies it, with a patch of its background, from elsewhere on the same page. Candidate shifts
// come from block matching (copy-move-candidates.ts, Fridrich's lexicographic matching).
//
// The trap on documents: the same glyph printed twice in one font matches just as well, and a
// page has thousands of repeated glyphs and words. What printing, scanning or photographing
// cannot reproduce is the noise: two prints of "5" carry independent paper, sensor and scanner
// noise; a cloned "5" carries a copy of its source's noise. So every candidate is verified at full
// resolution on the pixels off the strokes (where the residual is noise, not glyph shape): the
// copies must agree there far better than two independent noises can (mean |difference| over
// 5×5 windows under half the noise level, where independent noise gives ≈1.6σ), over enough
// pixels, and their noise residuals must correlate. Genuine repeats fail both.
//
// A texture or noise pattern that repeats across the whole image (a printed background, a
// synthetic noise field) agrees with itself at some shift everywhere; a clone agrees in one
// place. So a verified shift is also tried on plain paper across the page and dropped when the
// paper agrees too.
//
// A scanner's or a phone's JPEG (quality 75-92) rewrites the finest noise differently on either
// side of a clone, so few pixels still agree one for one; the noise it keeps, mostly coarser, still
// correlates between the copies and not between two prints. Where the pixel test fails, the copies
// are compared in two bands instead (bandAgreement), over the paper well away from the strokes,
// within the matched blocks' box trimmed to the edges where the copies still agree (trimBand).
// On the JPEG the clone was saved in (quality 80 or more), the copies are also compared on its 8×8
// grid (requantised-copy.ts): the save rounded the same pixels at two grid phases, which two
// prints' independent noise does not reproduce, and this reads a short word the band test cannot.
//
// Where it fails: pages without noise (digital renders, heavy compression or denoising) are not
// judged at all, since a clone there is indistinguishable from a repeated glyph; a clone saved
// at a quality that leaves the page's noise under ~0.5 grey levels; small clones on a scan saved
// at quality 75, whose matched blocks keep little paper (a short word of a dense line: 50-200
// pixels 3 pixels clear of its strokes, too few for the band test); clones rotated,
// scaled or re-noised; patches smaller than a few blocks of the reduced raster (standard mode
// works at about 150 dpi, copyMoveScale).
import type { Grey } from "./raster";
import { shrink } from "./raster";
import { BLOCK, findCandidates, type Candidate, type Layer } from "./copy-move-candidates";
import { estimateQuality } from "./jpeg-tables";
import {
  MIN_FILE_QUALITY,
  requantisedAgreement,
  requantisedClones,
  type RequantisedAgreement,
} from "./requantised-copy";
import { histogramMedian, round } from "./stats";
import type { PixelBox } from "../../region";

export interface CopyMoveRegion {
  /** Source and copy, pixel boxes in the analysed raster. */
  a: PixelBox;
  b: PixelBox;
  shift: [number, number];
  supportingBlocks: number;
  /** Share of the noise (off-stroke) pixels on which the copies agree far better than independent noise can. */
  identicalShare: number;
  /** Correlation of the two copies' noise residuals off the strokes: ≈0 for independent prints. */
  noiseCorrelation: number;
  /** Noise pixels inside the agreeing area: the evidence that noise, not just a glyph shape, was copied. */
  matchedNoisePixels: number;
  noiseSigma: number;
  meanAbsDifference: number;
  noisePixels: number;
  /** The copies' noise compared in two bands away from the strokes (bandAgreement), when measured. */
  band?: BandAgreement | null;
  /** The copy's JPEG blocks that the source, rounded on the copy's grid, gives back (requantised-copy.ts), when that found it. */
  requantised?: RequantisedAgreement | null;
}

export interface CopyMoveResult {
  workScale: number;
  candidates: number;
  verified: number;
  threshold: { minSupport: number; minMatchedNoisePixels: number; minNoiseCorrelation: number; minNoiseSigma: number };
  regions: CopyMoveRegion[];
  /** Why verification was not attempted, when it was not. */
  skipped?: string;
}

/** 9 × (pixel − its 3×3 mean): the noise left once content that is flat or linear cancels. */
const MEDIAN_TO_SIGMA = 1 / (9 * 0.636);
function residual(d: Uint8Array, w: number, i: number): number {
  return (
    9 * d[i] -
    (d[i - w - 1] + d[i - w] + d[i - w + 1] + d[i - 1] + d[i] + d[i + 1] + d[i + w - 1] + d[i + w] + d[i + w + 1])
  );
}

/** Pixels within this distance of a stroke edge carry the stroke's shape, which repeats in every print. */
const EDGE_MARGIN = 1;

/**
 * Marks pixels of the box (x0, y0)–(x1, y1) that are at least EDGE_MARGIN pixels from any edge
 * (gradient above `gate`) and not clipped: only there is the residual pure noise.
 */
function quietMask(
  g: Grey,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  gate: number,
  margin = EDGE_MARGIN,
): Uint8Array {
  const { data, width: w } = g;
  const bw = x1 - x0;
  const bh = y1 - y0;
  // Prefix sums of the edge map over the box, padded by the margin, give "any edge nearby" in O(1).
  const m = margin;
  const pw = bw + 2 * m + 1;
  const ph = bh + 2 * m + 1;
  const pre = new Int32Array(pw * ph);
  for (let y = 1; y < ph; y++) {
    let row = 0;
    for (let x = 1; x < pw; x++) {
      const gx = x0 - m + x - 1;
      const gy = y0 - m + y - 1;
      let edge = 1;
      if (gx >= 1 && gy >= 1 && gx < g.width - 1 && gy < g.height - 1) {
        const i = gy * w + gx;
        const v = data[i];
        edge =
          Math.abs(data[i + 1] - data[i - 1]) + Math.abs(data[i + w] - data[i - w]) > gate || v <= 2 || v >= 253
            ? 1
            : 0;
      }
      row += edge;
      pre[y * pw + x] = pre[(y - 1) * pw + x] + row;
    }
  }
  const out = new Uint8Array(bw * bh);
  const side = 2 * m + 1;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const edges =
        pre[(y + side) * pw + x + side] - pre[y * pw + x + side] - pre[(y + side) * pw + x] + pre[y * pw + x];
      out[y * bw + x] = edges === 0 ? 1 : 0;
    }
  }
  return out;
}

/**
 * The two noise bands at every paper pixel of a box (which must lie 3 pixels inside the page): the
 * fine band, pixel − its 3×3 mean, and the coarse band, 3×3 − 7×7 mean. Other pixels stay 0.
 */
function noiseBands(g: Grey, x0: number, y0: number, x1: number, y1: number, paper: Uint8Array) {
  const { data, width: w } = g;
  const px0 = x0 - 3;
  const py0 = y0 - 3;
  const pw = x1 - x0 + 6;
  const ph = y1 - y0 + 6;
  const iw = pw + 1;
  const sum = new Float64Array(iw * (ph + 1));
  for (let y = 0; y < ph; y++) {
    let row = 0;
    for (let x = 0; x < pw; x++) {
      row += data[(py0 + y) * w + px0 + x];
      sum[(y + 1) * iw + x + 1] = sum[y * iw + x + 1] + row;
    }
  }
  // Mean of radius r around (x, y), relative to the padded box's origin.
  const boxMean = (x: number, y: number, r: number) =>
    (sum[(y + r + 1) * iw + x + r + 1] -
      sum[(y - r) * iw + x + r + 1] -
      sum[(y + r + 1) * iw + x - r] +
      sum[(y - r) * iw + x - r]) /
    ((2 * r + 1) * (2 * r + 1));
  const bw = x1 - x0;
  const bh = y1 - y0;
  const fine = new Float32Array(bw * bh);
  const coarse = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const k = y * bw + x;
      if (!paper[k]) continue;
      const m1 = boxMean(x + 3, y + 3, 1);
      fine[k] = data[(y0 + y) * w + x0 + x] - m1;
      coarse[k] = m1 - boxMean(x + 3, y + 3, 3);
    }
  }
  return { fine, coarse };
}

/**
 * Pixels this far from any stroke edge in both copies: no edge pixel falls in their 7×7 mean. A
 * cloned word set in a dense line keeps little paper farther out (a phone photo of a letter kept
 * 5 pixels at 4), while two prints' bands stayed unlike at 3 as at 4 on the tuning corpora's
 * genuine scans and photos.
 */
const BAND_MARGIN = 3;

export interface BandAgreement {
  pixels: number;
  /** Correlation of the copies' fine noise (pixel − its 3×3 mean) and of their coarser noise (3×3 − 7×7 mean). */
  fine: number;
  coarse: number;
  /** Standard deviation of the fine noise in each copy. */
  sigmaA: number;
  sigmaB: number;
}

/**
 * The copies' noise compared in two bands over the paper well away from any stroke. A JPEG save
 * at scanner quality (75-88) rewrites most of the finest noise, differently in two places the 8×8
 * grid cuts differently, so a clone's copies no longer agree pixel for pixel; what it keeps of the
 * copied noise, mostly its coarser part, still correlates between them (0.4-0.8 on scans and
 * photos of the tuning corpora, fine band 0.1-0.9), while two prints' independent noises do not
 * (coarse band within ±0.2 over a word's paper).
 */
export function bandAgreement(
  g: Grey,
  box: PixelBox,
  shift: [number, number],
  gate: number,
  opts: { trim?: boolean } = {},
): BandAgreement {
  const none = { pixels: 0, fine: 0, coarse: 0, sigmaA: 0, sigmaB: 0 };
  const [dx, dy] = shift;
  const m = BAND_MARGIN + 4;
  const x0 = Math.max(box.x0, m, m - dx);
  const y0 = Math.max(box.y0, m, m - dy);
  const x1 = Math.min(box.x1, g.width - m, g.width - m - dx);
  const y1 = Math.min(box.y1, g.height - m, g.height - m - dy);
  if (x1 - x0 < 8 || y1 - y0 < 8) return none;
  const bw = x1 - x0;
  const bh = y1 - y0;
  // Paper of both copies, then the bands of each copy there, once: the trim and the sums read them.
  const paper = quietMask(g, x0, y0, x1, y1, gate, BAND_MARGIN);
  const quietB = quietMask(g, x0 + dx, y0 + dy, x1 + dx, y1 + dy, gate, BAND_MARGIN);
  for (let k = 0; k < paper.length; k++) paper[k] &= quietB[k];
  const a = noiseBands(g, x0, y0, x1, y1, paper);
  const b = noiseBands(g, x0 + dx, y0 + dy, x1 + dx, y1 + dy, paper);
  const measured = opts.trim ? trimBand(paper, a.coarse, b.coarse, bw, bh) : { x0: 0, y0: 0, x1: bw, y1: bh };
  let n = 0;
  let fab = 0;
  let faa = 0;
  let fbb = 0;
  let cab = 0;
  let caa = 0;
  let cbb = 0;
  for (let y = measured.y0; y < measured.y1; y++) {
    for (let x = measured.x0; x < measured.x1; x++) {
      const k = y * bw + x;
      if (!paper[k]) continue;
      const fa = a.fine[k];
      const fb = b.fine[k];
      const ca = a.coarse[k];
      const cb = b.coarse[k];
      fab += fa * fb;
      faa += fa * fa;
      fbb += fb * fb;
      cab += ca * cb;
      caa += ca * ca;
      cbb += cb * cb;
      n++;
    }
  }
  if (n === 0) return none;
  return {
    pixels: n,
    fine: faa > 0 && fbb > 0 ? fab / Math.sqrt(faa * fbb) : 0,
    coarse: caa > 0 && cbb > 0 ? cab / Math.sqrt(caa * cbb) : 0,
    sigmaA: Math.sqrt(faa / n),
    sigmaB: Math.sqrt(fbb / n),
  };
}

/** Lines of a band box's edge judged together when trimming it (trimBand). */
const TRIM_STRIP = 4;
/** Coarse-band correlation under which an edge strip is taken for paper the forger did not copy. */
const TRIM_BELOW = 0.2;

/**
 * The box shrunk to the copy itself. Where the band test measures (the matched blocks' box, in
 * steps of a reduced block) reaches past a cloned word's patch, its paper there is two
 * independent noises and dilutes the copied paper's agreement: on the tuning corpora's scans, a
 * word cloned with 2 pixels of paper around it agreed at 0.64 over its patch and too little over
 * the blocks' box, 12 pixels taller. Strips of TRIM_STRIP lines whose coarse bands do not agree
 * are taken off each side in turn, at most a quarter of the box per side, so that what remains
 * is still most of what the blocks matched.
 */
function trimBand(paper: Uint8Array, ca: Float32Array, cb: Float32Array, width: number, height: number): PixelBox {
  // Prefix sums of the paper's pixel count and coarse-band products make any strip's correlation O(1).
  const pw = width + 1;
  const sums = [0, 1, 2, 3].map(() => new Float64Array(pw * (height + 1)));
  const [cnt, ab, aa, bb] = sums;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      if (!paper[k]) continue;
      const i = (y + 1) * pw + x + 1;
      cnt[i] = 1;
      ab[i] = ca[k] * cb[k];
      aa[i] = ca[k] * ca[k];
      bb[i] = cb[k] * cb[k];
    }
  }
  for (const a of sums) {
    for (let y = 1; y <= height; y++) {
      let row = 0;
      for (let x = 1; x <= width; x++) {
        row += a[y * pw + x];
        a[y * pw + x] = a[(y - 1) * pw + x] + row;
      }
    }
  }
  const over = (r: PixelBox) =>
    sums.map((a) => a[r.y1 * pw + r.x1] - a[r.y0 * pw + r.x1] - a[r.y1 * pw + r.x0] + a[r.y0 * pw + r.x0]);
  const box = { x0: 0, y0: 0, x1: width, y1: height };
  const b = { ...box };
  const limit = {
    x: Math.floor((box.x1 - box.x0) / 4),
    y: Math.floor((box.y1 - box.y0) / 4),
  };
  const agrees = (strip: PixelBox) => {
    const [n, cab, caa, cbb] = over(strip);
    // A strip without paper says nothing: it may be the copied word's own strokes.
    return n < 8 || (caa > 0 && cbb > 0 && cab / Math.sqrt(caa * cbb) >= TRIM_BELOW);
  };
  // Each side's next strip, and how to take one line off that side.
  const sides: { room: () => boolean; strip: () => PixelBox; take: () => void }[] = [
    { room: () => b.y0 - box.y0 < limit.y, strip: () => ({ ...b, y1: b.y0 + TRIM_STRIP }), take: () => void b.y0++ },
    { room: () => box.y1 - b.y1 < limit.y, strip: () => ({ ...b, y0: b.y1 - TRIM_STRIP }), take: () => void b.y1-- },
    { room: () => b.x0 - box.x0 < limit.x, strip: () => ({ ...b, x1: b.x0 + TRIM_STRIP }), take: () => void b.x0++ },
    { room: () => box.x1 - b.x1 < limit.x, strip: () => ({ ...b, x0: b.x1 - TRIM_STRIP }), take: () => void b.x1-- },
  ];
  for (let moved = true; moved;) {
    moved = false;
    for (const side of sides) {
      if (side.room() && !agrees(side.strip())) {
        side.take();
        moved = true;
      }
    }
  }
  return b;
}

/**
 * Full-resolution test of one candidate. After refining the shift, compare the difference of the
 * two copies with the noise each carries, over pixels off the strokes: two prints of a glyph
 * differ by two independent noises (difference ≈ √2·σ), a clone and its source differ only by
 * what re-compression changed (far less).
 */
function verify(g: Grey, c: Candidate, scale: number, gate: number, maxMad: number) {
  const { data, width: w, height: h } = g;
  const margin = EDGE_MARGIN + 2;
  const sx0 = Math.max(margin, c.x0 * scale);
  const sy0 = Math.max(margin, c.y0 * scale);
  const sx1 = Math.min(w - margin, c.x1 * scale);
  const sy1 = Math.min(h - margin, c.y1 * scale);
  const fit = (dx: number, dy: number) => {
    let diff = 0;
    let n = 0;
    for (let y = sy0; y < sy1; y += 2) {
      const yy = y + dy;
      if (yy < margin || yy >= h - margin) continue;
      for (let x = sx0; x < sx1; x += 2) {
        const xx = x + dx;
        if (xx < margin || xx >= w - margin) continue;
        diff += Math.abs(data[y * w + x] - data[yy * w + xx]);
        n++;
      }
    }
    return n > 0 ? diff / n : Infinity;
  };
  // The reduced shift is known to a reduced pixel and a bin of two: search that neighbourhood
  // coarsely, then refine around the best.
  const reach = scale + 1;
  const [cx, cy] = c.fullShift;
  let best = { dx: cx, dy: cy, mad: Infinity };
  for (let ddy = -reach; ddy <= reach; ddy += 2) {
    for (let ddx = -reach; ddx <= reach; ddx += 2) {
      const mad = fit(cx + ddx, cy + ddy);
      if (mad < best.mad) best = { dx: cx + ddx, dy: cy + ddy, mad };
    }
  }
  const coarse = best;
  for (let ddy = -1; ddy <= 1; ddy++) {
    for (let ddx = -1; ddx <= 1; ddx++) {
      if (!ddx && !ddy) continue;
      const mad = fit(coarse.dx + ddx, coarse.dy + ddy);
      if (mad < best.mad) best = { dx: coarse.dx + ddx, dy: coarse.dy + ddy, mad };
    }
  }
  // The source box (padded: the matched blocks sit on strokes, a copied patch reaches beyond
  // them), clipped so that both copies lie inside the page.
  const pad = (BLOCK / 2) * scale;
  const x0 = Math.max(sx0 - pad, margin - best.dx, margin);
  const y0 = Math.max(sy0 - pad, margin - best.dy, margin);
  const x1 = Math.min(sx1 + pad, w - margin - best.dx, w - margin);
  const y1 = Math.min(sy1 + pad, h - margin - best.dy, h - margin);
  const shift = [best.dx, best.dy] as [number, number];
  const box = { x0, y0, x1, y1 };
  const empty = {
    a: box,
    b: { x0: x0 + best.dx, y0: y0 + best.dy, x1: x1 + best.dx, y1: y1 + best.dy },
    shift,
    identicalShare: 0,
    noiseCorrelation: 0,
    noiseSigma: 0,
    meanAbsDifference: best.mad,
    noisePixels: 0,
    matchedNoisePixels: 0,
    band: (): BandAgreement | null => null,
    bandBox: box,
  };
  if (x1 - x0 < 8 || y1 - y0 < 8) return empty;
  // A scanner's JPEG rings around every stroke differently at two places of its 8×8 grid, so a
  // clone's copies may differ more overall than the pixel test allows and still share their noise.
  // Measured inside the matched blocks' own box, whose edge blocks reach past the copied strokes
  // onto paper the forger may not have copied (on the tuning corpora's clones, measuring the
  // padded box or the bare block box diluted the copies' agreement below that of the clone alone).
  const inset = 2 * scale;
  const blocks = { x0: sx0 + inset, y0: sy0 + inset, x1: sx1 - inset, y1: sy1 - inset };
  const band = () => (best.mad <= 2 * maxMad ? bandAgreement(g, blocks, shift, gate, { trim: true }) : null);
  if (best.mad > maxMad) return { ...empty, band, bandBox: blocks };
  const bw = x1 - x0;
  const bh = y1 - y0;
  const off = best.dy * w + best.dx;
  const quietA = quietMask(g, x0, y0, x1, y1, gate);
  const quietB = quietMask(g, x0 + best.dx, y0 + best.dy, x1 + best.dx, y1 + best.dy, gate);

  // Noise level of the two copies, from their residuals where both are quiet.
  // |residual| is a whole number up to 9 × 255: counted per value, its median needs no sort.
  const residuals = new Uint32Array(9 * 255 + 1);
  let counted = 0;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const k = (y - y0) * bw + (x - x0);
      if (!quietA[k] || !quietB[k]) continue;
      const i = y * w + x;
      const ra = residual(data, w, i);
      const rb = residual(data, w, i + off);
      residuals[Math.abs(ra)]!++;
      residuals[Math.abs(rb)]!++;
      counted += 2;
      sab += ra * rb;
      saa += ra * ra;
      sbb += rb * rb;
    }
  }
  const noiseCorrelation = saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
  const quiet = counted / 2;
  if (quiet < 8) return { ...empty, band, bandBox: blocks };
  const noiseSigma = histogramMedian(residuals, counted) * MEDIAN_TO_SIGMA;

  // Where the copies agree far better than two independent noises could: the mean |difference|
  // over a 5×5 window is ≈1.6σ for independent noise and falls to the re-compression error
  // inside a clone. Windows, not pixels, so that chance agreement of single pixels does not count.
  const r = 2;
  const pw = bw + 1;
  const pre = new Float64Array(pw * (bh + 1));
  for (let y = 0; y < bh; y++) {
    let row = 0;
    for (let x = 0; x < bw; x++) {
      const i = (y0 + y) * w + x0 + x;
      row += Math.abs(data[i] - data[i + off]);
      pre[(y + 1) * pw + x + 1] = pre[y * pw + x + 1] + row;
    }
  }
  const limit = 0.5 * noiseSigma;
  let matchedQuiet = 0;
  let mx0 = x1;
  let my0 = y1;
  let mx1 = x0;
  let my1 = y0;
  for (let y = r; y < bh - r; y++) {
    for (let x = r; x < bw - r; x++) {
      const sum =
        pre[(y + r + 1) * pw + x + r + 1] -
        pre[(y - r) * pw + x + r + 1] -
        pre[(y + r + 1) * pw + x - r] +
        pre[(y - r) * pw + x - r];
      if (sum / 25 > limit) continue;
      mx0 = Math.min(mx0, x0 + x - r);
      my0 = Math.min(my0, y0 + y - r);
      mx1 = Math.max(mx1, x0 + x + r + 1);
      my1 = Math.max(my1, y0 + y + r + 1);
      if (quietA[y * bw + x] && quietB[y * bw + x]) matchedQuiet++;
    }
  }
  const a = matchedQuiet > 0 ? { x0: mx0, y0: my0, x1: mx1, y1: my1 } : { x0, y0, x1, y1 };
  return {
    a,
    b: { x0: a.x0 + best.dx, y0: a.y0 + best.dy, x1: a.x1 + best.dx, y1: a.y1 + best.dy },
    shift,
    identicalShare: matchedQuiet / quiet,
    noiseCorrelation,
    noiseSigma,
    meanAbsDifference: best.mad,
    noisePixels: quiet,
    matchedNoisePixels: matchedQuiet,
    band,
    bandBox: blocks,
  };
}

/**
 * Whether the copies' agreement at `shift` is local. A clone agrees in one place; a periodic
 * texture or a noise pattern that repeats across the image agrees at the same shift on plain
 * paper anywhere. Samples patches of paper over the page and counts those that agree too.
 */
function agreesElsewhere(
  g: Grey,
  shift: [number, number],
  noiseSigma: number,
  gate: number,
  exclude: PixelBox,
): boolean {
  const { data, width: w, height: h } = g;
  const [dx, dy] = shift;
  const size = 32;
  let agreeing = 0;
  // Patch origins spread over the range where both the patch and its shifted copy fit.
  const xLo = Math.max(2, 2 - dx);
  const xHi = Math.min(w - 2 - size, w - 2 - size - dx);
  const yLo = Math.max(2, 2 - dy);
  const yHi = Math.min(h - 2 - size, h - 2 - size - dy);
  if (xHi <= xLo || yHi <= yLo) return false;
  for (let sy = 0; sy < 5; sy++) {
    for (let sx = 0; sx < 5; sx++) {
      const x0 = Math.round(xLo + ((xHi - xLo) * (sx + 0.5)) / 5);
      const y0 = Math.round(yLo + ((yHi - yLo) * (sy + 0.5)) / 5);
      if (x0 < exclude.x1 && exclude.x0 < x0 + size && y0 < exclude.y1 && exclude.y0 < y0 + size) continue;
      let diff = 0;
      let n = 0;
      for (let y = y0; y < y0 + size; y++) {
        for (let x = x0; x < x0 + size; x++) {
          const i = y * w + x;
          const j = i + dy * w + dx;
          const v = data[i];
          if (v <= 2 || v >= 253) continue;
          if (Math.abs(data[i + 1] - data[i - 1]) + Math.abs(data[i + w] - data[i - w]) > gate) continue;
          diff += Math.abs(v - data[j]);
          n++;
        }
      }
      if (n >= size * size * 0.5 && diff / n <= 0.5 * noiseSigma) agreeing++;
    }
  }
  return agreeing >= 2;
}

/** Every third block of the off-phase layers: a word-sized clone still casts dozens of votes there. */
const OFF_PHASE_STRIDE = 3;

/** The regular reduced raster and, at a reduction, the ones sampled half a reduced pixel off in x, y and both. */
export function layersOf(g: Grey, scale: number): Layer[] {
  const layers: Layer[] = [{ raster: shrink(g, scale), ox: 0, oy: 0, stride: 1 }];
  if (scale === 1) return layers;
  const half = Math.floor(scale / 2);
  for (const [ox, oy] of [
    [half, 0],
    [0, half],
    [half, half],
  ] as const) {
    // Read from (ox, oy) on in place: a copy of the page without its first columns or rows (three
    // per page, 26 MB on an A4 page) was made only to be shrunk and dropped.
    layers.push({ raster: shrink(g, scale, ox, oy), ox, oy, stride: OFF_PHASE_STRIDE });
  }
  return layers;
}

/**
 * Page noise (grey levels) below which copy-move is not judged. A render has none (0-0.03); a
 * phone's or scanner's capture leaves 0.6 or more on the page's paper, and the band test reads a
 * clone's copied noise there (a photographed clone at page noise 0.67 agreed over 600 pixels of
 * paper, coarse band 0.55). Each copy's own noise is still held to minNoiseSigma pixel for pixel
 * and to the band test's minimum.
 */
const MIN_PAGE_NOISE = 0.6;
/**
 * On a JPEG, what the capture left after the save rounded it: a scan saved at quality 75 measures
 * 0.51-0.59, and the band test reads a clone there (at 0.54, over 1086 pixels, coarse band 0.41).
 * A lossless page that quiet was captured nearly noiseless, and its smooth paper agrees with
 * itself by chance: a genuine phone TIFF at 0.5-0.6 agreed in the coarse band (0.71 over 995
 * pixels) between two table rows.
 */
const MIN_JPEG_PAGE_NOISE = 0.5;

/** Pixels of an A4 page at 150 dpi: the work raster standard mode affords on any page. */
const A4_PIXELS_AT_150_DPI = 1240 * 1754;

/**
 * The reduction standard mode matches blocks at: the page brought to about 150 dpi, except that a
 * small page (a card scanned at 600 dpi) is reduced no further than to an A4 page's pixels at
 * 150 dpi, nor below 2 (a 600-dpi identity card's cloned word, matched at full resolution too,
 * verified only at 2). Reduced by 4, a card keeps a tenth of an A4 page's blocks, and a clone
 * moved by an odd number of pixels falls between the sampling phases layersOf describes (every
 * other one there): a 600-dpi passport's cloned date line cast 6 supporting blocks at 4 and 74 at
 * 2, where it verified.
 */
export function copyMoveScale(dpi: number, width: number, height: number): number {
  const byResolution = Math.max(1, Math.round(dpi / 150));
  const bySize = Math.round(Math.sqrt((width * height) / A4_PIXELS_AT_150_DPI));
  return Math.min(byResolution, Math.max(2, bySize));
}

export function analyseCopyMove(
  g: Grey,
  opts: { scale: number; pageNoiseSigma: number | null; maxCandidates: number; lumaTable?: Float64Array | null },
): CopyMoveResult {
  const scale = Math.max(1, Math.round(opts.scale));
  const threshold = { minSupport: 12, minMatchedNoisePixels: 40, minNoiseCorrelation: 0.25, minNoiseSigma: 0.7 };
  const base = { workScale: scale, threshold, regions: [] as CopyMoveRegion[] };
  // Without noise a clone is indistinguishable from a repeated glyph: do not guess.
  const floor = opts.lumaTable ? MIN_JPEG_PAGE_NOISE : MIN_PAGE_NOISE;
  if (opts.pageNoiseSigma === null || opts.pageNoiseSigma < floor) {
    return { ...base, candidates: 0, verified: 0, skipped: "page has no measurable noise" };
  }
  const candidates = findCandidates(layersOf(g, scale), {
    scale,
    maxCandidates: opts.maxCandidates,
    minSupport: threshold.minSupport,
    phaseTolerance: scale > 1 ? 0.6 : 0.15,
  });
  // Noise alone must stay under the edge gate (the gradient sum of pure noise reaches ~6σ).
  const gate = Math.max(16, 8 * opts.pageNoiseSigma);
  // Copies of one patch differ by re-compression at most; a worse overall fit than two independent
  // noises would give (mean |difference| ≈ 1.6σ) is a chance match of shapes.
  const maxMad = 2 + 3.5 * opts.pageNoiseSigma;
  const regions: CopyMoveRegion[] = [];
  const merged = mergeCandidates(candidates);
  // The page as saved by the JPEG it was cloned in: each candidate's copies compared on its grid.
  const table = opts.lumaTable && estimateQuality(opts.lumaTable) >= MIN_FILE_QUALITY ? opts.lumaTable : null;
  const requantised: { shift: [number, number]; agreement: RequantisedAgreement; box: PixelBox; count: number }[] = [];
  for (const c of merged) {
    const v = verify(g, c, scale, gate, maxMad);
    if (table) {
      const box = { x0: c.x0 * scale, y0: c.y0 * scale, x1: c.x1 * scale, y1: c.y1 * scale };
      requantised.push({
        shift: v.shift,
        agreement: requantisedAgreement(g, table, box, v.shift),
        box,
        count: c.count,
      });
    }
    const pixelwise =
      v.noiseSigma >= threshold.minNoiseSigma &&
      v.matchedNoisePixels >= threshold.minMatchedNoisePixels &&
      v.noiseCorrelation >= threshold.minNoiseCorrelation;
    // Measured where the pixel-for-pixel test failed, or passed on too few pixels to weigh fully
    // (copyMoveFindings takes the stronger of the two): it costs two masks and two mean images.
    const band = pixelwise && v.matchedNoisePixels >= FULL_WEIGHT_PIXELS ? null : v.band();
    if (band === null && !pixelwise) continue;
    const pixelCopied = pixelwise && !agreesElsewhere(g, v.shift, v.noiseSigma, gate, v.a);
    const banded = band !== null && bandCopied(band) && !bandAgreesElsewhere(g, v.shift, gate, v.a);
    if (!pixelCopied && !banded) continue;
    // Overlapping finds of the same clone (neighbouring shifts) are reported once.
    if (regions.some((r) => Math.abs(r.shift[0] - v.shift[0]) <= 2 && Math.abs(r.shift[1] - v.shift[1]) <= 2)) continue;
    // The band test saw the copy over the matched blocks' box; a few agreeing pixels alone would
    // outline a sliver of it, which need not cover the word a person should look at.
    const a = banded ? (pixelCopied ? union(v.a, v.bandBox) : v.bandBox) : v.a;
    const [dx, dy] = v.shift;
    const { bandBox: _measured, ...found } = v;
    regions.push({
      ...found,
      a,
      b: { x0: a.x0 + dx, y0: a.y0 + dy, x1: a.x1 + dx, y1: a.y1 + dy },
      band:
        banded && band
          ? {
              ...band,
              fine: round(band.fine, 2),
              coarse: round(band.coarse, 2),
              sigmaA: round(band.sigmaA, 2),
              sigmaB: round(band.sigmaB, 2),
            }
          : null,
      supportingBlocks: c.count,
      identicalShare: round(v.identicalShare),
      noiseCorrelation: round(v.noiseCorrelation),
      noiseSigma: round(v.noiseSigma, 2),
      meanAbsDifference: round(v.meanAbsDifference, 2),
    });
  }
  requantisedClones(requantised).forEach((cloned, i) => {
    const t = requantised[i];
    if (
      !cloned ||
      regions.some((r) => Math.abs(r.shift[0] - t.shift[0]) <= 2 && Math.abs(r.shift[1] - t.shift[1]) <= 2)
    )
      return;
    const [dx, dy] = t.shift;
    regions.push({
      a: t.box,
      b: { x0: t.box.x0 + dx, y0: t.box.y0 + dy, x1: t.box.x1 + dx, y1: t.box.y1 + dy },
      shift: t.shift,
      supportingBlocks: t.count,
      identicalShare: 0,
      noiseCorrelation: 0,
      matchedNoisePixels: 0,
      noiseSigma: round(opts.pageNoiseSigma ?? 0, 2),
      meanAbsDifference: 0,
      noisePixels: 0,
      band: null,
      requantised: t.agreement,
    });
  });
  // A periodic background (a printed security pattern) agrees with itself at every multiple of its
  // period: several different shifts verifying in one area mean texture, not a clone.
  const overlaps = (p: CopyMoveRegion, q: CopyMoveRegion) =>
    p.a.x0 < q.a.x1 && q.a.x0 < p.a.x1 && p.a.y0 < q.a.y1 && q.a.y0 < p.a.y1;
  const unique = regions.filter((r) => regions.filter((q) => q !== r && overlaps(q, r)).length < 2);
  return { ...base, candidates: candidates.length, verified: unique.length, regions: unique };
}

/** Agreeing noise pixels at which the pixel-for-pixel test weighs fully (copyMoveFindings). */
export const FULL_WEIGHT_PIXELS = 150;

/**
 * What the band test asks of a clone's copies (bandAgreement): enough paper, noise on both, and
 * both bands agreeing, or the coarse band alone agreeing over so much paper that chance cannot
 * explain it (minCoarseZ, below).
 */
const BAND = { minPixels: 200, minCoarse: 0.4, minFine: 0.12, minFineZ: 4, minSigma: 0.5, minCoarseZ: 12 };

export function bandCopied(b: BandAgreement): boolean {
  // A phone's JPEG (quality 82-92 on a photo blurred before its noise) keeps little of the finest
  // noise, differently in either copy: a clone's fine band may agree no better than two prints
  // (0.08-0.10 on the tuning corpora's photographed clones) while its coarse band still agrees
  // over a word's paper (0.5 over 600-1300 pixels). Two prints' coarse bands agree by chance
  // only over little paper: on the tuning corpora's genuine scans and photos, coarse × √pixels
  // stayed at 6.2 or less at every candidate shift; cloned words reached 13-34.
  const fineToo = b.fine >= BAND.minFine && b.fine * Math.sqrt(b.pixels) >= BAND.minFineZ;
  const coarseAlone = b.coarse * Math.sqrt(b.pixels) >= BAND.minCoarseZ;
  return (
    b.pixels >= BAND.minPixels &&
    b.coarse >= BAND.minCoarse &&
    (fineToo || coarseAlone) &&
    // A pasted render or a retyped box is noiseless: what agrees there is the codec's own pattern.
    Math.min(b.sigmaA, b.sigmaB) >= BAND.minSigma &&
    Math.min(b.sigmaA, b.sigmaB) >= 0.5 * Math.max(b.sigmaA, b.sigmaB)
  );
}

/**
 * agreesElsewhere in the band test's terms: paper patches over the page compared at the same
 * shift. Noise that repeats across the whole image (a printed texture, a synthetic noise field)
 * agrees there too; a clone's copied noise agrees only in the clone.
 */
function bandAgreesElsewhere(g: Grey, shift: [number, number], gate: number, exclude: PixelBox): boolean {
  const [dx, dy] = shift;
  const size = 48;
  const xLo = Math.max(16, 16 - dx);
  const xHi = Math.min(g.width - 16 - size, g.width - 16 - size - dx);
  const yLo = Math.max(16, 16 - dy);
  const yHi = Math.min(g.height - 16 - size, g.height - 16 - size - dy);
  if (xHi <= xLo || yHi <= yLo) return false;
  let agreeing = 0;
  for (let sy = 0; sy < 5; sy++) {
    for (let sx = 0; sx < 5; sx++) {
      const x0 = Math.round(xLo + ((xHi - xLo) * (sx + 0.5)) / 5);
      const y0 = Math.round(yLo + ((yHi - yLo) * (sy + 0.5)) / 5);
      if (x0 < exclude.x1 && exclude.x0 < x0 + size && y0 < exclude.y1 && exclude.y0 < y0 + size) continue;
      const b = bandAgreement(g, { x0, y0, x1: x0 + size, y1: y0 + size }, shift, gate);
      if (b.pixels >= 400 && b.coarse >= BAND.minCoarse) agreeing++;
    }
  }
  return agreeing >= 2;
}

function union(p: PixelBox, q: PixelBox): PixelBox {
  return { x0: Math.min(p.x0, q.x0), y0: Math.min(p.y0, q.y0), x1: Math.max(p.x1, q.x1), y1: Math.max(p.y1, q.y1) };
}

/** Candidates farther apart than this (reduced pixels) are different clones even at one shift. */
const MERGE_GAP = 8;
const MERGE_MAX = { width: 240, height: 120 };

/**
 * One candidate per clone: block votes are counted per area, so a word-sized clone is several
 * candidates at one shift side by side. Verified together, the test sees all of its paper at once.
 */
function mergeCandidates(candidates: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of candidates) {
    const into = out.find(
      (m) =>
        Math.abs(m.fullShift[0] - c.fullShift[0]) <= 2 &&
        Math.abs(m.fullShift[1] - c.fullShift[1]) <= 2 &&
        c.x0 <= m.x1 + MERGE_GAP &&
        m.x0 <= c.x1 + MERGE_GAP &&
        c.y0 <= m.y1 + MERGE_GAP &&
        m.y0 <= c.y1 + MERGE_GAP &&
        Math.max(m.x1, c.x1) - Math.min(m.x0, c.x0) <= MERGE_MAX.width &&
        Math.max(m.y1, c.y1) - Math.min(m.y0, c.y0) <= MERGE_MAX.height,
    );
    if (!into) {
      out.push({ ...c });
      continue;
    }
    into.x0 = Math.min(into.x0, c.x0);
    into.y0 = Math.min(into.y0, c.y0);
    into.x1 = Math.max(into.x1, c.x1);
    into.y1 = Math.max(into.y1, c.y1);
    into.count += c.count;
  }
  return out;
}
