// Regions (page fractions, origin top-left) compared with each other.
import type { Region } from "./types";

/** A rectangle in pixels of an analysed raster (corners x0,y0 and x1,y1): what a check measures before it reports a Region. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Whether two regions share any area. */
export const regionsOverlap = (a: Region, b: Region) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
