// Reads a located zone cell by cell against the 37 OCR-B glyphs of ICAO 9303 (template matching):
// each row is sampled straight along its own baseline, cut where its cells lie (cell-centres.ts: a
// photo's perspective narrows them along the row), and every cell keeps its ranked candidates, so
// the check digits can later settle a glyph the print left ambiguous.
import { cellCentres } from "./cell-centres";
import { type GlyphShape, glyphShape, inkBox, likeness } from "./glyph-shape";
import type { ZoneLine } from "./locate-zone";
import { type Grey, otsuThreshold } from "./binarise";
import templates from "./ocr-b/templates.json";

export interface Candidate {
  ch: string;
  score: number;
}

export interface CellReading {
  /** Candidates best first; a cell with no ink reads as a filler with score 0. */
  candidates: Candidate[];
}

const TEMPLATES = templates as Array<GlyphShape & { ch: string }>;

/** The row resampled square to its own baseline: x along it from before the first cell, y across it. */
function straighten(image: Grey, line: ZoneLine): { strip: Grey; x0: number; y0: number } {
  const norm = Math.hypot(1, line.slope);
  const ux = 1 / norm;
  const uy = line.slope / norm;
  const x0 = -line.pitch;
  const y0 = -1.1 * line.capHeight;
  const width = Math.round((line.cells - 1) * line.pitch + 2 * line.pitch);
  const height = Math.round(2.2 * line.capHeight);
  const data = new Uint8Array(width * height);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const t = x0 + i;
      const s = y0 + j;
      const x = line.first.x + t * ux - s * uy;
      const y = line.first.y + t * uy + s * ux;
      const xi = Math.floor(x);
      const yi = Math.floor(y);
      if (xi < 0 || yi < 0 || xi >= image.width - 1 || yi >= image.height - 1) {
        data[j * width + i] = 255;
        continue;
      }
      const fx = x - xi;
      const fy = y - yi;
      const at = (xx: number, yy: number) => image.data[yy * image.width + xx] as number;
      const top = at(xi, yi) * (1 - fx) + at(xi + 1, yi) * fx;
      const bottom = at(xi, yi + 1) * (1 - fx) + at(xi + 1, yi + 1) * fx;
      data[j * width + i] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { strip: { data, width, height }, x0, y0 };
}

/** Column of the ink's centre of mass inside a window, to centre a cell on its glyph. */
function inkCentre(strip: Grey, x0: number, x1: number, y0: number, y1: number, threshold: number): number | null {
  let sum = 0;
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = Math.max(0, x0); x < Math.min(strip.width, x1); x++) {
      if ((strip.data[y * strip.width + x] as number) < threshold) {
        sum += x;
        count++;
      }
    }
  }
  return count > 0 ? sum / count : null;
}

export function rank(shape: GlyphShape): Candidate[] {
  return TEMPLATES.map((t) => ({ ch: t.ch, score: likeness(shape, t) })).sort((a, b) => b.score - a.score);
}

/** Every cell of one row, read against the templates. */
export function readRow(image: Grey, line: ZoneLine): CellReading[] {
  const { strip, x0, y0 } = straighten(image, line);
  const threshold = otsuThreshold(strip.data);
  const midY = -y0;
  const top = Math.max(0, Math.round(midY - 0.85 * line.capHeight));
  const bottom = Math.min(strip.height, Math.round(midY + 0.85 * line.capHeight));
  const half = 0.45 * line.pitch;
  const centres = cellCentres(line);
  const cells: CellReading[] = [];
  for (let k = 0; k < line.cells; k++) {
    let centre = (centres[k] as number) - x0;
    const found = inkCentre(strip, Math.round(centre - half), Math.round(centre + half), top, bottom, threshold);
    if (found !== null && Math.abs(found - centre) < 0.2 * line.pitch) centre = found;
    const box = inkBox(
      strip,
      { x0: Math.round(centre - half), y0: top, x1: Math.round(centre + half), y1: bottom },
      threshold,
    );
    if (!box) {
      cells.push({ candidates: [{ ch: "<", score: 0 }] });
      continue;
    }
    cells.push({ candidates: rank(glyphShape(strip, box, line.capHeight, midY)) });
  }
  return cells;
}
