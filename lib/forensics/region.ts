// Regions (page fractions, origin top-left) compared with each other.
import type { Region } from "./types";

/** Whether two regions share any area. */
export const regionsOverlap = (a: Region, b: Region) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
