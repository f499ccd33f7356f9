// The ruled lines of a table, erased before page OCR. A grid (cell borders round every amount)
// throws tesseract's layout analysis: a payslip or a bill drawn as a bordered table comes out as
// a few letters of noise ("pene Jw |") where rows of labels and amounts were printed. Only pages
// that have a table lose their rules: three or more long thin horizontal rules over a common span,
// and the vertical borders that join two of them. A letter's stem never joins two table rules and a
// horizontal rule is judged thin by the page's own stroke width, so the letters of an ID card, a
// title or a signature are never touched.

/** Pixels of a block whose background (its light share) is measured together. */
const BLOCK = 32;
/** Darker than the local paper by this much is ink. */
const INK_DROP = 50;
/**
 * Darker than the local paper by this much is a faint rule: a table's row separators printed in a
 * light tint, never dark enough to be ink, still say that the dark rule under its header is a table's.
 */
const FAINT_DROP = 20;
/** A horizontal rule is at least this share of the page's width. */
const MIN_RULE_SHARE = 0.08;
/** A table has at least this many rules stacked over a common span. */
const MIN_TABLE_RULES = 3;
/** A table's rules are at most this share of the page's height apart (a row of a few lines). */
const MAX_ROW_SHARE = 0.06;
/** Gaps (pixels) a rule may have where JPEG or a scan broke it. */
const GAP = 2;

export interface ErasedRules {
  /** Horizontal rules erased (0 when the page has no table). */
  horizontal: number;
  /** Vertical borders erased. */
  vertical: number;
}

interface Rule {
  y: number;
  x0: number;
  x1: number;
}

/** The paper's level around each pixel: the 90th percentile of each block, as a block grid. */
function backgroundOf(grey: Uint8Array, w: number, h: number): { level: Uint8Array; bw: number } {
  const bw = Math.ceil(w / BLOCK);
  const bh = Math.ceil(h / BLOCK);
  const level = new Uint8Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      for (let y = by * BLOCK; y < Math.min(h, (by + 1) * BLOCK); y += 2) {
        for (let x = bx * BLOCK; x < Math.min(w, (bx + 1) * BLOCK); x += 2) {
          hist[grey[y * w + x] as number]!++;
          n++;
        }
      }
      let seen = 0;
      let v = 255;
      for (let i = 0; i < 256; i++) {
        seen += hist[i] as number;
        if (seen >= n * 0.9) {
          v = i;
          break;
        }
      }
      level[by * bw + bx] = v;
    }
  }
  return { level, bw };
}

/** The commonest length of horizontal ink runs: the width of the page's strokes. */
function strokeWidth(ink: Uint8Array, w: number, h: number): number {
  const counts = new Uint32Array(16);
  for (let y = 0; y < h; y += 3) {
    let run = 0;
    for (let x = 0; x <= w; x++) {
      if (x < w && ink[y * w + x]) run++;
      else if (run > 0) {
        if (run < 16) counts[run]!++;
        run = 0;
      }
    }
  }
  let best = 1;
  for (let i = 1; i < 16; i++) if ((counts[i] as number) > (counts[best] as number)) best = i;
  return best;
}

/** Length of the vertical ink run through (x, y). */
function verticalRun(ink: Uint8Array, w: number, h: number, x: number, y: number, cap: number): number {
  let n = 1;
  for (let yy = y - 1; yy >= 0 && ink[yy * w + x] && n <= cap; yy--) n++;
  for (let yy = y + 1; yy < h && ink[yy * w + x] && n <= cap; yy++) n++;
  return n;
}

function horizontalRun(ink: Uint8Array, w: number, x: number, y: number, cap: number): number {
  let n = 1;
  for (let xx = x - 1; xx >= 0 && ink[y * w + xx] && n <= cap; xx--) n++;
  for (let xx = x + 1; xx < w && ink[y * w + xx] && n <= cap; xx++) n++;
  return n;
}

/** Long thin horizontal runs of ink (gaps of GAP pixels bridged), one per row they occupy. */
function horizontalRules(ink: Uint8Array, w: number, h: number, thin: number): Rule[] {
  const minLength = Math.max(40, Math.round(w * MIN_RULE_SHARE));
  const rules: Rule[] = [];
  // The scan keeps its run in locals (no closure over them): it visits every pixel of the page.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let start = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!ink[row + x]) continue;
      if (start < 0 || x - last > GAP + 1) {
        if (start >= 0 && last - start + 1 >= minLength) closeRule(ink, w, h, thin, y, start, last, rules);
        start = x;
      }
      last = x;
    }
    if (start >= 0 && last - start + 1 >= minLength) closeRule(ink, w, h, thin, y, start, last, rules);
  }
  return rules;
}

/** A long run of row y kept as a rule when it is thin along most of its length (not bold type or a dark panel). */
function closeRule(
  ink: Uint8Array,
  w: number,
  h: number,
  thin: number,
  y: number,
  start: number,
  last: number,
  rules: Rule[],
): void {
  let thinCols = 0;
  let inkCols = 0;
  for (let x = start; x <= last; x++) {
    if (!ink[y * w + x]) continue;
    inkCols++;
    if (verticalRun(ink, w, h, x, y, thin + 1) <= thin) thinCols++;
  }
  if (inkCols > 0 && thinCols >= inkCols * 0.7) rules.push({ y, x0: start, x1: last });
}

/** Rules of adjacent rows (one thick rule) merged, so each printed rule counts once. */
function distinctRules(rules: Rule[], thin: number): Rule[] {
  const out: Array<Rule & { rows: number }> = [];
  for (const r of rules) {
    const same = out.find((o) => r.y - o.y <= thin + 1 && r.x0 < o.x1 && o.x0 < r.x1);
    if (same) {
      same.x0 = Math.min(same.x0, r.x0);
      same.x1 = Math.max(same.x1, r.x1);
      same.y = r.y;
    } else out.push({ ...r, rows: 1 });
  }
  return out;
}

/**
 * Rules stacked over a common span a table row apart: at least MIN_TABLE_RULES, overlapping by half
 * the shorter, each within MAX_ROW_SHARE of the page's height of the next. A page's frame and a
 * signature line are rules too, but far apart: no table.
 */
function tableRules(distinct: Rule[], h: number): Rule[] {
  const overlap = (a: Rule, b: Rule) =>
    Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) >= 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0);
  const maxGap = MAX_ROW_SHARE * h;
  const out = new Set<Rule>();
  for (const r of distinct) {
    // The chain of rules over r's span, each a row's height from the next, that r belongs to.
    const stack = distinct.filter((o) => overlap(r, o)).sort((a, b) => a.y - b.y);
    const i = stack.indexOf(r);
    let lo = i;
    let hi = i;
    while (lo > 0 && (stack[lo] as Rule).y - (stack[lo - 1] as Rule).y <= maxGap) lo--;
    while (hi < stack.length - 1 && (stack[hi + 1] as Rule).y - (stack[hi] as Rule).y <= maxGap) hi++;
    if (hi - lo + 1 >= MIN_TABLE_RULES) out.add(r);
  }
  return distinct.filter((r) => out.has(r));
}

/**
 * Erases, in place, the rules of any table on a grey page (row-major, one byte a pixel): its long
 * thin horizontal rules and the thin vertical borders between two of them, painted in the local
 * paper's level. A page without a table is left as it is. On a photographed or scanned page set
 * askew, a rule climbs a pixel row every few dozen pixels and no row holds a long run of it, and a
 * border leans as much the other way: the page is stood level (its columns shifted by the slope of
 * its long strokes, then its rows by the same slope the other way, a rotation for a tilt this
 * small), the rules erased there, and the rows and columns shifted back, pixel for pixel.
 */
export function eraseTableRules(grey: Uint8Array, w: number, h: number): ErasedRules {
  if (w < 200 || h < 200) return { horizontal: 0, vertical: 0 };
  // The page's ink is measured once: until a rule is erased, every pass below reads the same pixels.
  const inked = inkOf(grey, w, h);
  const level = eraseLevelRules(grey, w, h, false, inked);
  if (level.horizontal > 0) return counts(level);
  const slope = ruleSlope(grey, w, h, inked.ink);
  if (slope === 0) return counts(level.darkRules > 0 ? eraseLevelRules(grey, w, h, true, inked) : level);
  const columns = shearColumns(grey, w, h, slope);
  const upright = shearRows(columns.pixels, w, columns.h, slope);
  // A camera blurs a hairline rule over two pixels, to a grey no darker than a tint: on a page
  // that is not level (a photo, a skewed scan) a rule is ink at a smaller drop than print.
  const erased = eraseLevelRules(upright.pixels, upright.w, columns.h, false, undefined, TILTED_INK_DROP);
  if (erased.horizontal === 0) return counts(level);
  upright.restore(columns.pixels);
  columns.restore(grey);
  return counts(erased);
}

/** Darker than the local paper by this much is ink, on a page not lying level. */
const TILTED_INK_DROP = 30;

interface Sheared {
  pixels: Uint8Array;
  w: number;
  h: number;
  /** Writes the sheared pixels back into `into`, each where it came from. */
  restore: (into: Uint8Array) => void;
}

/**
 * Column x moved up by slope·x: a rule falling by `slope` lies on one row. Rows past the page
 * repeat its edge pixel, so no false edge (and no paper whiter than the page) is made there.
 */
function shearColumns(grey: Uint8Array, w: number, h: number, slope: number): Sheared {
  const shift = (x: number) => Math.round(slope * x);
  const top = Math.max(0, shift(w - 1));
  const sh = h + Math.abs(shift(w - 1));
  const pixels = new Uint8Array(w * sh);
  for (let x = 0; x < w; x++) {
    const d = top - shift(x);
    for (let y = 0; y < sh; y++) pixels[y * w + x] = grey[Math.min(h - 1, Math.max(0, y - d)) * w + x] as number;
  }
  const restore = (into: Uint8Array) => {
    for (let x = 0; x < w; x++) {
      const d = top - shift(x);
      for (let y = 0; y < h; y++) into[y * w + x] = pixels[(y + d) * w + x] as number;
    }
  };
  return { pixels, w, h: sh, restore };
}

/**
 * Row y moved right by slope·y: on a turned page, once its rules lie level its borders still lean
 * by the slope the other way, and stand upright after this. Columns past the page repeat its edge.
 */
function shearRows(grey: Uint8Array, w: number, h: number, slope: number): Sheared {
  const shift = (y: number) => Math.round(slope * y);
  const left = Math.max(0, -shift(h - 1));
  const sw = w + Math.abs(shift(h - 1));
  const pixels = new Uint8Array(sw * h);
  for (let y = 0; y < h; y++) {
    const d = left + shift(y);
    for (let x = 0; x < sw; x++) pixels[y * sw + x] = grey[y * w + Math.min(w - 1, Math.max(0, x - d))] as number;
  }
  const restore = (into: Uint8Array) => {
    for (let y = 0; y < h; y++) {
      const d = left + shift(y);
      for (let x = 0; x < w; x++) into[y * w + x] = pixels[y * sw + x + d] as number;
    }
  };
  return { pixels, w: sw, h, restore };
}

const counts = ({ horizontal, vertical }: ErasedRules): ErasedRules => ({ horizontal, vertical });

/** Slopes tried, dy/dx: up to about 3.4 degrees either way, a tilted phone photo or a skewed scan. */
const MAX_SLOPE = 0.06;
/** A slope smaller than this leaves a rule level enough for eraseLevelRules (a pixel over 200). */
const MIN_SLOPE = 0.005;

/**
 * The slope of a page's long horizontal strokes (table rules, underlines): the slope along which
 * the ink of thin horizontal strokes (runs of at least 12 pixels) stacks into the sharpest rows, the
 * projection profile method; 0 when level or when the page has no such strokes.
 */
export function ruleSlope(grey: Uint8Array, w: number, h: number, ink = inkOf(grey, w, h).ink): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y += 2) {
    let run = 0;
    for (let x = 0; x <= w; x++) {
      if (x < w && ink[y * w + x]) {
        run++;
        continue;
      }
      // Thin across (paper 4 pixels above and below): a stroke, not the dark backdrop round a
      // photographed sheet or the sheet's edge against it.
      if (run >= 12 && y >= 4 && y < h - 4)
        for (let k = x - run; k < x; k += 2) {
          if (ink[(y - 4) * w + k] || ink[(y + 4) * w + k]) continue;
          xs.push(k);
          ys.push(y);
        }
      run = 0;
    }
  }
  if (xs.length < 200) return 0;
  const span = h + Math.ceil(MAX_SLOPE * w) * 2 + 2;
  const bins = new Float64Array(span);
  const sharpness = (slope: number) => {
    bins.fill(0);
    const off = Math.ceil(MAX_SLOPE * w) + 1;
    for (let i = 0; i < xs.length; i++) bins[Math.round((ys[i] as number) - slope * (xs[i] as number)) + off]! += 1;
    let sum = 0;
    for (let i = 0; i < span; i++) sum += (bins[i] as number) ** 2;
    return sum;
  };
  let best = { slope: 0, score: sharpness(0) };
  const levelScore = best.score;
  for (let slope = -MAX_SLOPE; slope <= MAX_SLOPE + 1e-9; slope += 0.002) {
    const score = sharpness(slope);
    if (score > best.score) best = { slope, score };
  }
  for (let slope = best.slope - 0.002; slope <= best.slope + 0.002 + 1e-9; slope += 0.0005) {
    const score = sharpness(slope);
    if (score > best.score) best = { slope, score };
  }
  // A level page keeps 0: a tilt must stack its strokes clearly better.
  return Math.abs(best.slope) >= MIN_SLOPE && best.score > levelScore * 1.2 ? best.slope : 0;
}

interface Inked {
  ink: Uint8Array;
  level: Uint8Array;
  bw: number;
}

function inkOf(grey: Uint8Array, w: number, h: number, drop = INK_DROP): Inked {
  const { level, bw } = backgroundOf(grey, w, h);
  return { ink: darkerThanPaper(grey, w, h, level, bw, drop), level, bw };
}

/** Pixels darker than their block's paper level by `drop`. */
function darkerThanPaper(grey: Uint8Array, w: number, h: number, level: Uint8Array, bw: number, drop: number) {
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const blocks = Math.floor(y / BLOCK) * bw;
    for (let bx = 0; bx * BLOCK < w; bx++) {
      const limit = (level[blocks + bx] as number) - drop;
      const end = Math.min(w, (bx + 1) * BLOCK);
      for (let x = bx * BLOCK, i = y * w + x; x < end; x++, i++) if ((grey[i] as number) < limit) ink[i] = 1;
    }
  }
  return ink;
}

/** `withFaint`: rules in a light tint count toward a table (only on a page whose rules lie level). */
function eraseLevelRules(
  grey: Uint8Array,
  w: number,
  h: number,
  withFaint: boolean,
  inked?: Inked,
  inkDrop = INK_DROP,
): ErasedRules & { darkRules: number } {
  if (w < 200 || h < 200) return { horizontal: 0, vertical: 0, darkRules: 0 };
  const { ink, level, bw } = inked ?? inkOf(grey, w, h, inkDrop);
  const paper = (x: number, y: number) => level[Math.floor(y / BLOCK) * bw + Math.floor(x / BLOCK)] as number;
  const stroke = strokeWidth(ink, w, h);
  // A rule is no thicker than a bold stroke and a pixel of anti-aliasing either side.
  const thin = Math.max(3, Math.round(stroke * 1.5) + 2);
  const rows = horizontalRules(ink, w, h, thin);
  const none = { horizontal: 0, vertical: 0, darkRules: rows.length };
  if (rows.length === 0) return none;
  // A table is told by all its rules, the faint ones included; only the dark ones are erased (a
  // dark rule under a header row, over rows parted by faint ones, hides the first row from OCR).
  const faint = withFaint ? horizontalRules(darkerThanPaper(grey, w, h, level, bw, FAINT_DROP), w, h, thin) : [];
  const table = tableRules(
    distinctRules(
      [...rows, ...faint].sort((a, b) => a.y - b.y),
      thin,
    ),
    h,
  );
  if (table.length === 0) return none;
  const ruleMask = new Uint8Array(w * h);
  const inTable = (r: Rule) => table.some((t) => Math.abs(t.y - r.y) <= thin + 1 && r.x0 < t.x1 && t.x0 < r.x1);
  for (const r of rows) {
    if (!inTable(r)) continue;
    for (let x = r.x0; x <= r.x1; x++) if (ink[r.y * w + x]) ruleMask[r.y * w + x] = 1;
  }
  // Near a rule: within `thin` rows of one, at this column (a border ends on the rule it meets).
  const nearRule = (x: number, y: number) => {
    for (let dy = -thin; dy <= thin; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      for (let dx = -2; dx <= 2; dx++) {
        const xx = x + dx;
        if (xx >= 0 && xx < w && ruleMask[yy * w + xx]) return true;
      }
    }
    return false;
  };
  const top = Math.min(...table.map((t) => t.y)) - thin;
  const bottom = Math.max(...table.map((t) => t.y)) + thin;
  const left = Math.min(...table.map((t) => t.x0)) - thin;
  const right = Math.max(...table.map((t) => t.x1)) + thin;
  // Vertical borders: thin runs of ink inside the table's box whose both ends meet a rule.
  const vertical: Array<{ x: number; y0: number; y1: number }> = [];
  for (let x = Math.max(0, left); x <= Math.min(w - 1, right); x++) {
    let start = -1;
    let last = -1;
    const close = () => {
      if (start >= 0 && last - start >= 2 * thin && nearRule(x, start) && nearRule(x, last)) {
        let thinRows = 0;
        let inkRows = 0;
        for (let y = start; y <= last; y++) {
          if (!ink[y * w + x]) continue;
          inkRows++;
          if (horizontalRun(ink, w, x, y, thin + 1) <= thin || ruleMask[y * w + x]) thinRows++;
        }
        if (thinRows >= inkRows * 0.9) vertical.push({ x, y0: start, y1: last });
      }
      start = -1;
    };
    for (let y = Math.max(0, top); y <= Math.min(h - 1, bottom); y++) {
      if (ink[y * w + x]) {
        if (start < 0 || y - last > GAP + 1) {
          close();
          start = y;
        }
        last = y;
      }
    }
    close();
  }
  const erase = (x: number, y: number) => {
    grey[y * w + x] = paper(x, y);
  };
  // A rule's anti-aliased edge (a pixel above and below, lighter than ink) goes with it.
  const inkAt = (x: number, y: number) => y >= 0 && y < h && x >= 0 && x < w && ink[y * w + x] === 1;
  const soft = (x: number, y: number) =>
    y >= 0 && y < h && x >= 0 && x < w && (grey[y * w + x] as number) < paper(x, y) - 15 && !ink[y * w + x];
  for (const r of rows) {
    if (!inTable(r)) continue;
    for (let x = r.x0; x <= r.x1; x++) {
      if (!ruleMask[r.y * w + x]) continue;
      // A tilted page's rule, stood level, is a pixel thicker in places: the ink of its next row
      // there, too short a run to be a rule of its own, is part of it (a border crossing it then
      // takes it with its own erasing).
      for (const dy of [-1, 1]) if (inkAt(x, r.y + dy)) ruleMask[(r.y + dy) * w + x] = 1;
      // Only the rule's own thickness: a letter standing on it keeps its stem.
      if (verticalRun(ink, w, h, x, r.y, thin + 1) > thin) continue;
      erase(x, r.y);
      for (const dy of [-1, 1]) if (soft(x, r.y + dy) || inkAt(x, r.y + dy)) erase(x, r.y + dy);
    }
  }
  for (const v of vertical) {
    for (let y = v.y0; y <= v.y1; y++) {
      if (!ink[y * w + v.x]) continue;
      if (horizontalRun(ink, w, v.x, y, thin + 1) > thin && !ruleMask[y * w + v.x]) continue;
      erase(v.x, y);
      for (const dx of [-1, 1]) if (soft(v.x + dx, y) || inkAt(v.x + dx, y)) erase(v.x + dx, y);
    }
  }
  return {
    horizontal: distinctRules(rows.filter(inTable), thin).length,
    vertical: vertical.length,
    darkRules: rows.length,
  };
}
