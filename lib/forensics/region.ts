// Regions (page fractions, origin top-left) compared with each other.
import type { Region } from "./types";

/** A rectangle in pixels of an analysed raster (corners x0,y0 and x1,y1): what a check measures before it reports a Region. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Area of a box given by its corners (pixels, PDF units): 0 for an empty one. */
export function boxArea(box: PixelBox): number {
  return Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);
}

/** Area two boxes share. */
export function boxIntersection(a: PixelBox, b: PixelBox): number {
  return boxArea({
    x0: Math.max(a.x0, b.x0),
    y0: Math.max(a.y0, b.y0),
    x1: Math.min(a.x1, b.x1),
    y1: Math.min(a.y1, b.y1),
  });
}

/** Words apart by less than this many of their heights are neighbours in one value. */
const NEIGHBOUR_GAP = 3;

/**
 * Whether two word boxes stand on one line (overlapping by half the smaller one's height) less
 * than three of their heights apart: the words of one value, a name of several words.
 */
export function nearOnOneLine(a: PixelBox, b: PixelBox): boolean {
  const h = Math.max(a.y1 - a.y0, b.y1 - b.y0);
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const gap = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
  return overlap > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0) && gap < NEIGHBOUR_GAP * h;
}

/** Whether two regions share any area. */
export const regionsOverlap = (a: Region, b: Region) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Smallest rectangle holding every box; null for none. */
export function unionRegion(boxes: readonly Region[]): Region | null {
  if (boxes.length === 0) return null;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp(x0), y: clamp(y0), width: clamp(x1) - clamp(x0), height: clamp(y1) - clamp(y0) };
}

/** Where a region starts, in words: "12% across, 40% down". */
export const placeOf = (r: Region) => `${Math.round(r.x * 100)}% across, ${Math.round(r.y * 100)}% down`;
