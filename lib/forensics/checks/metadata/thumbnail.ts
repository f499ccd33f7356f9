// Cameras store a small preview (the EXIF thumbnail) of the picture they took. Many editors save
// the edited picture but leave the old EXIF block, thumbnail included, untouched: a thumbnail that
// shows something else than the image, or the same image with one area different, is one of the
// strongest signs that the image was altered after capture.
import sharp, { type Sharp } from "sharp";
import type { Finding, Region } from "../../types";
import { type Component, components } from "../../components";

const GRID = 32;
/** Grey levels (after matching brightness and contrast) beyond which a cell differs. */
const CELL_DIFF = 45;
const WHOLE_DIFF = 28;

export interface ThumbnailComparison {
  meanDiff: number;
  differingCells: number;
  cells: number;
  /** Bounding box of the largest cluster of differing cells, in raw (stored) image fractions. */
  region: Region | null;
}

export async function compareThumbnail(
  image: Uint8Array,
  thumbnail: Uint8Array,
  maxPixels: number,
): Promise<ThumbnailComparison | null> {
  const main = sharp(image, { failOn: "none", limitInputPixels: maxPixels });
  const { width: W = 0, height: H = 0 } = await main.metadata();
  const thumbMeta = await sharp(thumbnail, { failOn: "none" }).metadata();
  const tw = thumbMeta.width ?? 0;
  const th = thumbMeta.height ?? 0;
  if (!W || !H || tw < 16 || th < 16) return null;
  // Thumbnails have a fixed shape (160×120); a picture of another shape is letterboxed in it.
  const aspect = W / H;
  let box = await barsTrimmed(thumbnail, tw, th);
  if (Math.abs(aspect - box.width / box.height) / aspect > 0.05) {
    box =
      aspect > tw / th
        ? { left: 0, top: Math.round((th - tw / aspect) / 2), width: tw, height: Math.round(tw / aspect) }
        : { left: Math.round((tw - th * aspect) / 2), top: 0, width: Math.round(th * aspect), height: th };
  }
  if (box.width * box.height < 0.5 * tw * th || box.width < 8 || box.height < 8) return null;
  const gw = GRID;
  const gh = Math.max(8, Math.min(64, Math.round(GRID / aspect)));
  const grey = (input: Sharp) => input.resize(gw, gh, { fit: "fill", kernel: "cubic" }).greyscale().raw().toBuffer();
  const [a, b] = await Promise.all([
    grey(sharp(image, { failOn: "none", limitInputPixels: maxPixels })),
    grey(sharp(thumbnail, { failOn: "none" }).extract(box)),
  ]);
  const stats = (v: Buffer) => {
    const mean = v.reduce((s, x) => s + x, 0) / v.length;
    const std = Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / v.length);
    return { mean, std: Math.max(std, 1) };
  };
  const sa = stats(a);
  const sb = stats(b);
  const diff = new Float64Array(a.length);
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    const matched = ((b[i] - sb.mean) / sb.std) * sa.std + sa.mean;
    diff[i] = Math.abs(a[i] - matched);
    total += diff[i];
  }
  // The outer ring of cells is left out: a pixel of misaligned letterbox must not count as an edit.
  const inner = (i: number) => i % gw > 0 && i % gw < gw - 1 && i >= gw && i < gw * (gh - 1);
  const differing = [...diff.keys()].filter((i) => inner(i) && diff[i] > CELL_DIFF);
  return {
    meanDiff: total / diff.length,
    differingCells: differing.length,
    cells: diff.length,
    region: largestCluster(differing, gw, gh),
  };
}

/** The thumbnail without the flat dark bars cameras pad it with. */
async function barsTrimmed(thumbnail: Uint8Array, tw: number, th: number) {
  const gray = await sharp(thumbnail, { failOn: "none" }).greyscale().raw().toBuffer();
  const flatDark = (values: number[]) => {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return mean < 24 && Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length) < 6;
  };
  const row = (y: number) => Array.from({ length: tw }, (_, x) => gray[y * tw + x]);
  const col = (x: number) => Array.from({ length: th }, (_, y) => gray[y * tw + x]);
  let top = 0;
  let bottom = th;
  let left = 0;
  let right = tw;
  while (top < th / 4 && flatDark(row(top))) top++;
  while (bottom > (th * 3) / 4 && flatDark(row(bottom - 1))) bottom--;
  while (left < tw / 4 && flatDark(col(left))) left++;
  while (right > (tw * 3) / 4 && flatDark(col(right - 1))) right--;
  return { left, top, width: right - left, height: bottom - top };
}

function largestCluster(cells: number[], gw: number, gh: number): Region | null {
  const set = new Set(cells);
  const best = components(gw, gh, (i) => set.has(i), cells).reduce<Component | null>(
    (a, c) => (!a || c.size > a.size ? c : a),
    null,
  );
  return best
    ? { x: best.x0 / gw, y: best.y0 / gh, width: (best.x1 - best.x0 + 1) / gw, height: (best.y1 - best.y0 + 1) / gh }
    : null;
}

/** Maps a region of the stored image to the displayed one (EXIF orientation 1, 3, 6, 8). */
export function orientRegion(region: Region, orientation: number): Region | null {
  const { x, y, width: w, height: h } = region;
  switch (orientation) {
    case 1:
      return region;
    case 3:
      return { x: 1 - x - w, y: 1 - y - h, width: w, height: h };
    case 6:
      return { x: 1 - (y + h), y: x, width: h, height: w };
    case 8:
      return { x: y, y: 1 - (x + w), width: h, height: w };
    default:
      return null;
  }
}

export function thumbnailFinding(result: ThumbnailComparison, orientation: number): Finding | null {
  const evidence = {
    mean_difference: Math.round(result.meanDiff * 10) / 10,
    differing_cells: result.differingCells,
    cells: result.cells,
    cell_threshold: CELL_DIFF,
  };
  if (result.meanDiff > WHOLE_DIFF) {
    return {
      check: "metadata.thumbnail_mismatch",
      severity: "high",
      score: 0.85,
      message:
        "The EXIF thumbnail embedded by the camera shows a different picture from the image itself: the image was replaced or heavily altered after capture while the old metadata was kept.",
      page: 1,
      region: null,
      evidence,
    };
  }
  if (result.differingCells >= 2 && result.differingCells <= result.cells * 0.5 && result.region) {
    return {
      check: "metadata.thumbnail_mismatch",
      severity: "high",
      score: 0.75,
      message:
        "The EXIF thumbnail embedded by the camera differs from the image in one area: that part of the image was changed after the picture was taken.",
      page: 1,
      region: orientRegion(result.region, orientation),
      evidence,
    };
  }
  return null;
}
