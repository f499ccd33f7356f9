// Flagged cells of a regular grid grouped into regions. A single odd cell is what noise in the
// statistic produces by chance; a manipulation covers a connected area (a field, a stamp, a
// digit with its background), so only groups of several touching cells are reported.

export interface CellGrid {
  cols: number;
  rows: number;
  /** Cell size in pixels of the analysed raster. */
  cell: number;
}

export interface CellGroup {
  cells: number[];
  /** Bounding box in cells, inclusive-exclusive. */
  c0: number;
  r0: number;
  c1: number;
  r1: number;
}

/** 8-connected groups of flagged cells with at least `minCells` members, largest first. */
export function groupCells(grid: CellGrid, flagged: Uint8Array, minCells: number): CellGroup[] {
  const { cols, rows } = grid;
  const seen = new Uint8Array(cols * rows);
  const groups: CellGroup[] = [];
  const stack: number[] = [];
  for (let start = 0; start < flagged.length; start++) {
    if (!flagged[start] || seen[start]) continue;
    const cells: number[] = [];
    let c0 = cols;
    let r0 = rows;
    let c1 = 0;
    let r1 = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop() as number;
      cells.push(i);
      const c = i % cols;
      const r = (i - c) / cols;
      c0 = Math.min(c0, c);
      r0 = Math.min(r0, r);
      c1 = Math.max(c1, c + 1);
      r1 = Math.max(r1, r + 1);
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
          const j = rr * cols + cc;
          if (flagged[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (cells.length >= minCells) groups.push({ cells, c0, r0, c1, r1 });
  }
  return groups.sort((a, b) => b.cells.length - a.cells.length);
}
