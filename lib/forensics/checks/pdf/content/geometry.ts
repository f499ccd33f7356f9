// Geometry of PDF user space (origin bottom-left): boxes, and boxes as page regions (matrices:
// pipeline/pdf-content.ts).
import type { Region } from "../../../types";
import type { PageModel } from "../document";

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function boxOf(points: Array<[number, number]>): Box {
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const [x, y] of points) {
    if (x < box.x0) box.x0 = x;
    if (x > box.x1) box.x1 = x;
    if (y < box.y0) box.y0 = y;
    if (y > box.y1) box.y1 = y;
  }
  return box;
}

/** A box in PDF user space as a region in page fractions (origin top-left), clamped to the page. */
export function toRegion(box: Box, page: Pick<PageModel, "width" | "height" | "originX" | "originY">): Region {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x0 = clamp((box.x0 - page.originX) / page.width);
  const x1 = clamp((box.x1 - page.originX) / page.width);
  const top = clamp(1 - (box.y1 - page.originY) / page.height);
  const bottom = clamp(1 - (box.y0 - page.originY) / page.height);
  return { x: x0, y: top, width: x1 - x0, height: bottom - top };
}

export { boxArea as area, boxIntersection as intersection } from "../../../region";

export function union(a: Box, b: Box): Box {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}
