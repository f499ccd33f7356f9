// Runs a content stream far enough to know, in painting order, where each text run, filled shape
// and image lands on the page (PDF user space, origin bottom-left) and in what colour: what is
// needed to see text painted over, white boxes drawn on top of text, and new text laid on them.
import type { FontMetrics } from "./font-metrics";
import { apply, IDENTITY, mul, type Matrix } from "../../../pipeline/pdf-content";
import { boxOf, type Box } from "./geometry";
import { operations, type Operand } from "./lexer";

export interface TextRun {
  order: number;
  font: FontMetrics | null;
  fontKey: string;
  /** Font size as it appears on the page (after text and graphics scaling). */
  size: number;
  text: string;
  box: Box;
  /** Render mode 3/7 (OCR layers over scans): never visible. */
  invisible: boolean;
  /** Whether glyph widths came from the font (boxes are estimates otherwise). */
  widthsKnown: boolean;
  /** Fill colour (RGB, 0–1) the text was painted in. */
  color: [number, number, number];
}

export interface FillShape {
  order: number;
  box: Box;
  color: [number, number, number];
  /** Built only from rectangles (re) or a closed 4-corner polyline. */
  rectLike: boolean;
}

export interface ImageDraw {
  order: number;
  box: Box;
}

export interface PageGraphics {
  runs: TextRun[];
  fills: FillShape[];
  images: ImageDraw[];
}

export type XObjectResolver = (
  name: string,
) =>
  | { kind: "image" }
  | { kind: "form"; content: Uint8Array; matrix: Matrix; fonts: Map<string, FontMetrics>; resolve: XObjectResolver }
  | null;

interface GraphicsState {
  ctm: Matrix;
  fill: [number, number, number];
  font: FontMetrics | null;
  fontKey: string;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  renderMode: number;
}

const MAX_RUNS = 20_000;
/** A TJ displacement wider than this (in ems) is a gap between table columns: kerning and word spaces are narrower. */
const COLUMN_GAP = 0.6;
/** Operators interpreted per page, across nested forms: a form drawn in a loop must not multiply the work. */
const MAX_TOTAL_OPS = 400_000;

export function interpret(
  content: Uint8Array,
  fonts: Map<string, FontMetrics>,
  resolve: XObjectResolver,
  out: PageGraphics = { runs: [], fills: [], images: [] },
  base: Matrix = IDENTITY,
  depth = 0,
  counter = { order: 0, ops: 0 },
): PageGraphics {
  let gs: GraphicsState = {
    ctm: base,
    fill: [0, 0, 0],
    font: null,
    fontKey: "",
    size: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    renderMode: 0,
  };
  const stack: GraphicsState[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  let path: Array<[number, number]> = [];
  let pathOnlyRects = true;
  let pathSegments = 0;
  const num = (a: Operand | undefined) => (typeof a === "number" ? a : 0);

  /**
   * One show operator's glyphs as runs. Printer drivers through Ghostscript set a whole table row in
   * one TJ, moving from column to column with large displacements: a displacement wider than
   * COLUMN_GAP ems ends the run, so each column's text keeps a box of its own.
   */
  const show = (strings: Array<Uint8Array | number>) => {
    const font = gs.font;
    const trm = mul(tm, gs.ctm);
    let x = 0;
    let start = 0;
    let text = "";
    let known = true;
    const flush = () => {
      if (text.trim() && out.runs.length < MAX_RUNS) {
        const lo = gs.rise - 0.2 * gs.size;
        const hi = gs.rise + 0.8 * gs.size;
        out.runs.push({
          order: counter.order++,
          font,
          fontKey: gs.fontKey,
          size: Math.abs(gs.size) * Math.hypot(trm[2], trm[3]),
          text,
          box: boxOf([apply(trm, start, lo), apply(trm, x, lo), apply(trm, start, hi), apply(trm, x, hi)]),
          invisible: gs.renderMode === 3 || gs.renderMode === 7,
          widthsKnown: known,
          color: [...gs.fill],
        });
      }
      text = "";
      known = true;
    };
    for (const part of strings) {
      if (typeof part === "number") {
        const move = -(part / 1000) * gs.size * gs.hScale;
        if (move > COLUMN_GAP * Math.abs(gs.size * gs.hScale)) {
          flush();
          start = x + move;
        }
        x += move;
        continue;
      }
      const step = font?.twoByte ? 2 : 1;
      for (let i = 0; i + step - 1 < part.length; i += step) {
        const code = step === 2 ? (part[i] << 8) | part[i + 1] : part[i];
        const w = font?.width(code) ?? null;
        if (w === null) known = false;
        const glyph = (w ?? 500) / 1000;
        const space = step === 1 && code === 32 ? gs.wordSpacing : 0;
        if (!text) start = x;
        x += (glyph * gs.size + gs.charSpacing + space) * gs.hScale;
        text += font ? font.decode(code) : String.fromCharCode(code);
      }
    }
    flush();
    tm = mul([1, 0, 0, 1, x, 0], tm);
  };
  const nextLine = (tx: number, ty: number) => {
    tlm = mul([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const setColor = (args: Operand[]) => {
    const n = args.filter((a) => typeof a === "number") as number[];
    if (n.length === 1) gs.fill = [n[0], n[0], n[0]];
    else if (n.length === 3) gs.fill = [n[0], n[1], n[2]];
    else if (n.length === 4) gs.fill = [(1 - n[0]) * (1 - n[3]), (1 - n[1]) * (1 - n[3]), (1 - n[2]) * (1 - n[3])];
    else gs.fill = [0.5, 0.5, 0.5]; // patterns and unknown spaces: neither white nor black
  };

  for (const { op, args } of operations(content)) {
    if (++counter.ops > MAX_TOTAL_OPS) break;
    switch (op) {
      case "q":
        if (stack.length < 256) stack.push({ ...gs });
        break;
      case "Q":
        gs = stack.pop() ?? gs;
        break;
      case "cm":
        gs.ctm = mul(args.slice(0, 6).map(num) as Matrix, gs.ctm);
        break;
      case "g":
      case "rg":
      case "k":
      case "sc":
      case "scn":
        setColor(args);
        break;
      case "cs":
        gs.fill = [0, 0, 0];
        break;
      case "re": {
        const [x, y, w, h] = args.map(num);
        path.push(apply(gs.ctm, x, y), apply(gs.ctm, x + w, y), apply(gs.ctm, x, y + h), apply(gs.ctm, x + w, y + h));
        pathSegments += 4;
        break;
      }
      case "m":
      case "l":
        path.push(apply(gs.ctm, num(args[0]), num(args[1])));
        if (op === "l") pathSegments += 1;
        break;
      case "c":
      case "v":
      case "y":
        for (let i = 0; i + 1 < args.length; i += 2) path.push(apply(gs.ctm, num(args[i]), num(args[i + 1])));
        pathOnlyRects = false;
        break;
      case "h":
        break;
      case "f":
      case "F":
      case "f*":
      case "B":
      case "B*":
      case "b":
      case "b*":
        if (path.length) {
          const rectLike = pathOnlyRects && (pathSegments % 4 === 0 || pathSegments === 3);
          out.fills.push({ order: counter.order++, box: boxOf(path), color: [...gs.fill], rectLike });
        }
        path = [];
        pathOnlyRects = true;
        pathSegments = 0;
        break;
      case "n":
      case "S":
      case "s":
        path = [];
        pathOnlyRects = true;
        pathSegments = 0;
        break;
      case "BT":
        tm = IDENTITY;
        tlm = IDENTITY;
        break;
      case "Tf":
        gs.fontKey = typeof args[0] === "string" ? args[0].slice(1) : "";
        gs.font = fonts.get(gs.fontKey) ?? null;
        gs.size = num(args[1]);
        break;
      case "Tc":
        gs.charSpacing = num(args[0]);
        break;
      case "Tw":
        gs.wordSpacing = num(args[0]);
        break;
      case "Tz":
        gs.hScale = num(args[0]) / 100;
        break;
      case "TL":
        gs.leading = num(args[0]);
        break;
      case "Ts":
        gs.rise = num(args[0]);
        break;
      case "Tr":
        gs.renderMode = num(args[0]);
        break;
      case "Td":
        nextLine(num(args[0]), num(args[1]));
        break;
      case "TD":
        gs.leading = -num(args[1]);
        nextLine(num(args[0]), num(args[1]));
        break;
      case "Tm":
        tm = args.slice(0, 6).map(num) as Matrix;
        tlm = tm;
        break;
      case "T*":
        nextLine(0, -gs.leading);
        break;
      case "Tj":
        if (args[0] instanceof Uint8Array) show([args[0]]);
        break;
      case "'":
        nextLine(0, -gs.leading);
        if (args[0] instanceof Uint8Array) show([args[0]]);
        break;
      case '"':
        gs.wordSpacing = num(args[0]);
        gs.charSpacing = num(args[1]);
        nextLine(0, -gs.leading);
        if (args[2] instanceof Uint8Array) show([args[2]]);
        break;
      case "TJ":
        if (Array.isArray(args[0]))
          show(args[0].filter((a): a is Uint8Array | number => a instanceof Uint8Array || typeof a === "number"));
        break;
      case "Do": {
        const name = typeof args[0] === "string" ? args[0].slice(1) : "";
        const xobject = resolve(name);
        if (xobject?.kind === "image") {
          out.images.push({
            order: counter.order++,
            box: boxOf([apply(gs.ctm, 0, 0), apply(gs.ctm, 1, 0), apply(gs.ctm, 0, 1), apply(gs.ctm, 1, 1)]),
          });
        } else if (xobject?.kind === "form" && depth < 4) {
          interpret(
            xobject.content,
            xobject.fonts,
            xobject.resolve,
            out,
            mul(xobject.matrix, gs.ctm),
            depth + 1,
            counter,
          );
        }
        break;
      }
      case "BI":
        out.images.push({ order: counter.order++, box: boxOf([apply(gs.ctm, 0, 0), apply(gs.ctm, 1, 1)]) });
        break;
    }
  }
  return out;
}
