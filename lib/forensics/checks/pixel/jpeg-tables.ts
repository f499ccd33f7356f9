// JPEG luminance quantisation: the IJG (libjpeg) tables every common encoder scales by quality,
// the file's own table read from its DQT segment, and an 8×8 DCT matching JPEG's.

/** IJG Annex K luminance table, natural (row-major) order. */
const IJG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
];

/** The luminance table libjpeg writes at `quality` (1..100). */
export function ijgTable(quality: number): Float64Array {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return Float64Array.from(IJG_LUMA, (b) => Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))));
}

/** The first luminance (id 0) quantisation table of a JPEG, natural order; null if none is found. */
export function readLumaTable(bytes: Uint8Array): Float64Array | null {
  let i = 2;
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data reached without a table
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    const end = i + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xdb) {
      let p = i + 4;
      while (p < end) {
        const precision = bytes[p] >> 4;
        const id = bytes[p] & 15;
        const size = precision ? 128 : 64;
        if (p + 1 + size > end) return null;
        if (id === 0) {
          const table = new Float64Array(64);
          for (let k = 0; k < 64; k++) {
            table[ZIGZAG[k]] = precision ? (bytes[p + 1 + 2 * k] << 8) | bytes[p + 2 + 2 * k] : bytes[p + 1 + k];
          }
          return table;
        }
        p += 1 + size;
      }
    }
    i = end;
  }
  return null;
}

/** The IJG quality whose table is closest to `table` (an estimate for tables of other encoders). */
export function estimateQuality(table: Float64Array): number {
  let best = 50;
  let bestCost = Infinity;
  for (let q = 1; q <= 100; q++) {
    const t = ijgTable(q);
    let cost = 0;
    for (let k = 0; k < 64; k++) cost += Math.abs(Math.log(t[k] / Math.max(1, table[k])));
    if (cost < bestCost) {
      bestCost = cost;
      best = q;
    }
  }
  return best;
}

// Arai-Agui-Nakajima factorisation (libjpeg's jfdctflt): 5 multiplications per 8 points instead of 64.
// Its outputs are scaled by 8·s(u)·s(v); DESCALE undoes that so coefficients are the orthonormal DCT's.
const AAN = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];
const DESCALE = (() => {
  const m = new Float64Array(64);
  for (let v = 0; v < 8; v++) for (let u = 0; u < 8; u++) m[v * 8 + u] = 1 / (8 * AAN[u] * AAN[v]);
  return m;
})();

function fdct8(d: Float64Array, o: number, step: number): void {
  const d0 = d[o];
  const d1 = d[o + step];
  const d2 = d[o + 2 * step];
  const d3 = d[o + 3 * step];
  const d4 = d[o + 4 * step];
  const d5 = d[o + 5 * step];
  const d6 = d[o + 6 * step];
  const d7 = d[o + 7 * step];
  const t0 = d0 + d7;
  const t7 = d0 - d7;
  const t1 = d1 + d6;
  const t6 = d1 - d6;
  const t2 = d2 + d5;
  const t5 = d2 - d5;
  const t3 = d3 + d4;
  const t4 = d3 - d4;
  const e10 = t0 + t3;
  const e13 = t0 - t3;
  const e11 = t1 + t2;
  const e12 = t1 - t2;
  d[o] = e10 + e11;
  d[o + 4 * step] = e10 - e11;
  const z1 = (e12 + e13) * 0.707106781;
  d[o + 2 * step] = e13 + z1;
  d[o + 6 * step] = e13 - z1;
  const o10 = t4 + t5;
  const o11 = t5 + t6;
  const o12 = t6 + t7;
  const z5 = (o10 - o12) * 0.382683433;
  const z2 = 0.5411961 * o10 + z5;
  const z4 = 1.306562965 * o12 + z5;
  const z3 = o11 * 0.707106781;
  const z11 = t7 + z3;
  const z13 = t7 - z3;
  d[o + 5 * step] = z13 + z2;
  d[o + 3 * step] = z13 - z2;
  d[o + step] = z11 + z4;
  d[o + 7 * step] = z11 - z4;
}

/**
 * Orthonormal 8×8 DCT of the block at (x0, y0), level-shifted by 128 like JPEG's FDCT, into `out`
 * (natural order, row v = vertical frequency).
 */
export function dct8x8(data: Uint8Array, stride: number, x0: number, y0: number, out: Float64Array): void {
  for (let y = 0; y < 8; y++) {
    const row = (y0 + y) * stride + x0;
    for (let x = 0; x < 8; x++) out[y * 8 + x] = data[row + x] - 128;
  }
  for (let y = 0; y < 8; y++) fdct8(out, y * 8, 1);
  for (let x = 0; x < 8; x++) fdct8(out, x, 8);
  for (let k = 0; k < 64; k++) out[k] *= DESCALE[k];
}
