// Connected pieces of a grid (8-neighbourhood): the pieces of ink in a word's box, the cells of a
// thumbnail that differ from the image. Each piece with its box (inclusive) and its size in cells.

export interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  size: number;
}

/**
 * The connected pieces of the cells of a `width` × `height` grid (index y·width + x) that `inside`
 * takes, found from `starts` (every cell when omitted). `labels`, when given, receives each
 * piece's cells marked with its index in the result plus one.
 */
export function components(
  width: number,
  height: number,
  inside: (index: number) => boolean,
  starts?: Iterable<number>,
  labels?: Int32Array,
): Component[] {
  const seen = new Uint8Array(width * height);
  const out: Component[] = [];
  const stack: number[] = [];
  for (const start of starts ?? Array.from({ length: width * height }, (_, i) => i)) {
    if (seen[start] || !inside(start)) continue;
    seen[start] = 1;
    stack.push(start);
    const c = { x0: width, y0: height, x1: -1, y1: -1, size: 0 };
    while (stack.length) {
      const i = stack.pop() as number;
      if (labels) labels[i] = out.length + 1;
      const x = i % width;
      const y = (i - x) / width;
      c.size++;
      c.x0 = Math.min(c.x0, x);
      c.y0 = Math.min(c.y0, y);
      c.x1 = Math.max(c.x1, x);
      c.y1 = Math.max(c.y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (!seen[j] && inside(j)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    out.push(c);
  }
  return out;
}
