// A clone on a JPEG page told by its coefficients: the copy re-quantised on the other copy's grid.
//
// Why it works: a forger clones on the decoded page and saves it once as JPEG, so before that save
// the copy and its source were the same pixels. The save cut them into 8×8 blocks at two places
// of its grid and rounded each block's coefficients to the file's table, so the copies no longer
// agree pixel for pixel, and what the band test (copy-move.ts) reads of their noise is weak over
// a short word (a few hundred pixels of paper). But the source, taken at the copy's grid blocks
// and rounded to the same table, lands on the copy's own coefficients for most of them: the
// rounding the save did there started from the same pixels. Two prints of one word started from
// independent noise, and their coefficients round alike only where the glyph's shape decides them.
// Counted per block of the copy: on the tuning corpora's clones of a word (scans at quality
// 75-88, phone photos at 82-92), 21-66 blocks agreed on more than half of their coefficients;
// the page's other repeats at candidate shifts, 0-5 on photos and up to 20 on scans (rules and
// table rows repeating at the same sub-pixel phase).
//
// Where it fails: a page that is not the JPEG it was cloned in (re-encoded at another scale, a
// re-rendered scanned PDF), a clone whose shift is a multiple of 8 in both directions (the blocks
// then agree outright, which pixel-wise copy-move already reads), clones saved more than once.
import { dct8x8 } from "./jpeg-tables";
import type { Grey } from "./raster";
import type { PixelBox } from "../../region";

export interface RequantisedAgreement {
  /** The copy's 8×8 grid blocks compared, those with coefficients enough to judge, and those whose coefficients the source gives back. */
  blocks: number;
  judged: number;
  agreeing: number;
}

/** Coefficients (AC, non-zero in either copy) a block needs to be judged. */
const MIN_COEFFICIENTS = 12;
/** Share of them that must round alike for the block to count as agreeing. */
const MIN_SHARE = 0.55;

/**
 * Blocks of the file's 8×8 grid inside `box` shifted by `shift` (the copy), compared with the
 * pixels `shift` back (the source) transformed on the same grid and rounded to `table`.
 */
export function requantisedAgreement(
  g: Grey,
  table: Float64Array,
  box: PixelBox,
  shift: [number, number],
): RequantisedAgreement {
  const [dx, dy] = shift;
  const a = new Float64Array(64);
  const b = new Float64Array(64);
  let blocks = 0;
  let judged = 0;
  let agreeing = 0;
  const bx0 = Math.max(0, Math.ceil((box.x0 + dx) / 8) * 8);
  const by0 = Math.max(0, Math.ceil((box.y0 + dy) / 8) * 8);
  for (let by = by0; by + 8 <= Math.min(box.y1 + dy, g.height); by += 8) {
    for (let bx = bx0; bx + 8 <= Math.min(box.x1 + dx, g.width); bx += 8) {
      const ax = bx - dx;
      const ay = by - dy;
      if (ax < 0 || ay < 0 || ax + 8 > g.width || ay + 8 > g.height) continue;
      dct8x8(g.data, g.width, ax, ay, a);
      dct8x8(g.data, g.width, bx, by, b);
      blocks++;
      let counted = 0;
      let alike = 0;
      for (let k = 1; k < 64; k++) {
        const ia = Math.round(a[k] / table[k]);
        const ib = Math.round(b[k] / table[k]);
        if (ia === 0 && ib === 0) continue;
        counted++;
        if (ia === ib) alike++;
      }
      if (counted < MIN_COEFFICIENTS) continue;
      judged++;
      if (alike >= MIN_SHARE * counted) agreeing++;
    }
  }
  return { blocks, judged, agreeing };
}

/**
 * File quality under which the test is not made: at quality 75 a scan's noise is rounded away
 * so far that two prints repeated at one sub-pixel phase (a line of a diploma, a table's rows)
 * gave back each other's coefficients on up to 62 blocks on the tuning corpora's genuine scans.
 */
export const MIN_FILE_QUALITY = 80;
/** Agreeing blocks a clone needs (the tuning corpora's clones of a word: 21-63; two prints: 16 at most). */
const MIN_AGREEING = 20;
/**
 * Share of the copy's judged blocks (those with coefficients enough) that must agree. A copy started
 * from its source's very pixels, so most of its blocks come back: 54-87 % on the tuning draws'
 * clones (scans and photos). Two prints of a repeated line agree only where the glyphs' shape
 * decides the rounding and differ wherever their text does: a genuine scanned statement's dates
 * column ("08/06/2026" over "15/06/2026", noise 0.9 grey levels) agreed on 65 blocks, more than many
 * clones, but on 12 % of the 543 it judged.
 */
const MIN_AGREEING_SHARE = 0.25;
/**
 * How far a clone's count must stand above the page's best other shift. A copied patch agrees at
 * one shift; two prints of a page repeat at many shifts alike (a photographed identity card's
 * best repeat 16 blocks, its next 8), and the clones' pages' best other shift stayed at 5 or under.
 */
const OVER_PAGE = 3;

/**
 * Which of a page's candidate shifts were cloned by the requantised test: enough agreeing blocks,
 * and several times those of any other shift of the page (its null: the same test on the page's
 * own repeats). A shift and its opposite, or neighbouring shifts, are one pair of copies.
 */
export function requantisedClones(tested: { shift: [number, number]; agreement: RequantisedAgreement }[]): boolean[] {
  const same = (p: [number, number], q: [number, number]) =>
    (Math.abs(p[0] - q[0]) <= 3 && Math.abs(p[1] - q[1]) <= 3) ||
    (Math.abs(p[0] + q[0]) <= 3 && Math.abs(p[1] + q[1]) <= 3);
  return tested.map((t) => {
    const { agreeing, judged } = t.agreement;
    if (agreeing < MIN_AGREEING || agreeing < MIN_AGREEING_SHARE * judged) return false;
    const others = tested.filter((o) => !same(o.shift, t.shift)).map((o) => o.agreement.agreeing);
    return agreeing >= OVER_PAGE * Math.max(1, ...others);
  });
}
