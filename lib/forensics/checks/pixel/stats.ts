// Robust statistics shared by the pixel analyses. Medians and MADs rather than means and standard
// deviations, because the thing we look for (a tampered region) is by definition an outlier and
// must not drag the baseline it is compared with.

export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/**
 * The median of whole numbers counted in a histogram (`hist[v]` values equal to v, `n` in all):
 * exactly what median() gives on the values themselves, without gathering and sorting them.
 */
export function histogramMedian(hist: ArrayLike<number>, n: number): number {
  if (n === 0) return Number.NaN;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (let v = 0; v < hist.length; v++) {
      seen += hist[v] as number;
      if (seen > rank) return v;
    }
    return hist.length - 1;
  };
  return n % 2 ? valueAt((n - 1) / 2) : (valueAt(n / 2 - 1) + valueAt(n / 2)) / 2;
}

/**
 * quantile() of values counted in a histogram: `hist[i]` values equal to `valueOf(i)`, which must
 * grow with i, `n` in all. The same interpolation on the same two values, without sorting them.
 */
export function histogramQuantile(
  hist: ArrayLike<number>,
  n: number,
  q: number,
  valueOf: (index: number) => number = (i) => i,
): number {
  if (n === 0) return Number.NaN;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (let i = 0; i < hist.length; i++) {
      seen += hist[i] as number;
      if (seen > rank) return valueOf(i);
    }
    return valueOf(hist.length - 1);
  };
  const pos = Math.min(n - 1, Math.max(0, q * (n - 1)));
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  const low = valueAt(lo);
  return low + (valueAt(hi) - low) * (pos - lo);
}

/** Median absolute deviation scaled to match a standard deviation for normal data. */
export function robustSpread(values: ArrayLike<number>, centre = median(values)): number {
  const dev = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) dev[i] = Math.abs(values[i] - centre);
  return 1.4826 * median(dev);
}

export function quantile(values: ArrayLike<number>, q: number): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const pos = Math.min(n - 1, Math.max(0, q * (n - 1)));
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export const round = (v: number, digits = 3): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

export const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/**
 * Splits items into classes of similar `key` (equal-count quantile bins), so a statistic can be
 * compared with its peers: a block of dense text with other dense-text blocks, paper with paper.
 * Returns the class index of each item; classes hold at least `minPerClass` items.
 */
export function quantileClasses(keys: ArrayLike<number>, minPerClass: number, maxClasses: number): Int32Array {
  const n = keys.length;
  const classes = Math.max(1, Math.min(maxClasses, Math.floor(n / minPerClass)));
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a] - keys[b]);
  const out = new Int32Array(n);
  for (let rank = 0; rank < n; rank++) out[order[rank]] = Math.min(classes - 1, Math.floor((rank * classes) / n));
  return out;
}

/** Median and robust spread of `values` within each class. */
export function classBaselines(
  values: ArrayLike<number>,
  classes: Int32Array,
): Array<{ centre: number; spread: number; count: number }> {
  const count = classes.reduce((m, c) => Math.max(m, c + 1), 0);
  const buckets: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < values.length; i++) buckets[classes[i]].push(values[i]);
  return buckets.map((b) => {
    const centre = median(b);
    return { centre, spread: robustSpread(b, centre), count: b.length };
  });
}
