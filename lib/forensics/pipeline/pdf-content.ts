// Content-stream basics shared by the decode stage (is a scanned page one JPEG?) and the PDF
// checks: the transformation-matrix algebra of PDF user space, and a page's streams as one.

/** [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f (PDF 32000-1, 8.3.3). */
export type Matrix = [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` applied first, then `n` (the order `cm` concatenates in). */
export function mul(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** A page's decoded content streams joined as the PDF spec reads them: as one, a newline apart. */
export function joinStreams(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length + 1, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    out[offset + part.length] = 0x0a;
    offset += part.length + 1;
  }
  return out;
}
