// Ink against paper for the zone finder: a pixel is ink when it is clearly darker than its
// neighbourhood, so uneven lighting, tinted security backgrounds and photos all binarise alike.

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * 1 where a pixel is darker than the mean of the square around it by a margin (a local-mean
 * threshold, Bradley and Roth's adaptive thresholding). `window` is the square's side in pixels.
 */
export function darkMask(
  image: Grey,
  window = Math.max(15, Math.round(Math.max(image.width, image.height) / 40)),
): Uint8Array {
  const { data, width, height } = image;
  // 255 × 16.8 MP stays below 2^32: the working image is at most a few megapixels.
  const integral = new Uint32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x] as number;
      integral[(y + 1) * (width + 1) + x + 1] = (integral[y * (width + 1) + x + 1] as number) + row;
    }
  }
  const half = Math.floor(window / 2);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const sum =
        (integral[y1 * (width + 1) + x1] as number) -
        (integral[y0 * (width + 1) + x1] as number) -
        (integral[y1 * (width + 1) + x0] as number) +
        (integral[y0 * (width + 1) + x0] as number);
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const v = data[y * width + x] as number;
      // Ink is darker than its surroundings by a share of their brightness and by a few grey levels.
      if (v < mean * 0.85 && v < mean - 12) mask[y * width + x] = 1;
    }
  }
  return mask;
}

/** Otsu's threshold of an 8-bit grey image: the split that best separates ink from paper. */
export function otsuThreshold(grey: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of grey) histogram[v] = (histogram[v] as number) + 1;
  const total = grey.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] as number);
  let sumBack = 0;
  let weightBack = 0;
  let best = { t: 128, variance: -1 };
  for (let t = 0; t < 256; t++) {
    weightBack += histogram[t] as number;
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += t * (histogram[t] as number);
    const meanBack = sumBack / weightBack;
    const meanFore = (sum - sumBack) / weightFore;
    const variance = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (variance > best.variance) best = { t, variance };
  }
  return best.t;
}
