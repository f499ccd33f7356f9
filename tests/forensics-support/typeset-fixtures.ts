// A page typeset word by word, with each word's box as OCR reports it, for the typographic
// consistency tests: genuine lines of mixed styles (a bold caption, a heading, capitals beside lower
// case) and the departures a forger's edit leaves (a word set smaller, on another baseline, in
// another weight, resampled soft). Test-only; the product never imports this file.
import { createRequire } from "node:module";
import path from "node:path";
import { GlobalFonts, createCanvas } from "@napi-rs/canvas";
import type { TextItem } from "@/lib/forensics/context";
import type { Rgb } from "./pixel-fixtures";

const REGULAR = "typeset-sans";
const BOLD = "typeset-sans-bold";
let ready = false;
function ensureFonts(): void {
  if (ready) return;
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts");
  GlobalFonts.registerFromPath(path.join(dir, "LiberationSans-Regular.ttf"), REGULAR);
  GlobalFonts.registerFromPath(path.join(dir, "LiberationSans-Bold.ttf"), BOLD);
  ready = true;
}

export interface SetWord {
  text: string;
  /** Font size in pixels; the line's size when omitted. */
  size?: number;
  bold?: boolean;
  /** Baseline shift in pixels (down is positive). */
  dy?: number;
  /** Set right after the previous word without a space, and read by OCR as one word with it. */
  glued?: boolean;
  /** Left edge in pixels (a form's value column); after the previous word when omitted. */
  at?: number;
  /** Drawn at this scale and resampled to its place (a splice's blur): 1 = drawn in place. */
  resample?: number;
  /** Its ink (a CSS colour): near-black when omitted. */
  ink?: string;
}

export interface SetLine {
  size: number;
  words: SetWord[];
  bold?: boolean;
}

export interface TypesetPage {
  page: Rgb;
  words: TextItem[];
}

/** Lines of words on white paper at 150 dpi A4 width, each word's ink box as OCR would report it. */
export function typesetPage(lines: SetLine[], width = 1240): TypesetPage {
  ensureFonts();
  const height = Math.round(width * 1.414);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext("2d");
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, width, height);
  const boxes: Array<{ text: string; x0: number; y0: number; x1: number; y1: number }> = [];
  let baseline = 140;
  for (const line of lines) {
    let x = 110;
    let lastSize = line.size;
    for (const word of line.words) {
      const size = word.size ?? line.size;
      if (word.at !== undefined) x = word.at;
      if (word.glued) x -= lastSize * 0.3;
      lastSize = size;
      const font = `${size}px "${(word.bold ?? line.bold) ? BOLD : REGULAR}"`;
      g.font = font;
      const m = g.measureText(word.text);
      const y = baseline + (word.dy ?? 0);
      const box = {
        text: word.text,
        x0: Math.floor(x - m.actualBoundingBoxLeft) - 1,
        y0: Math.floor(y - m.actualBoundingBoxAscent) - 1,
        x1: Math.ceil(x + m.actualBoundingBoxRight) + 1,
        y1: Math.ceil(y + m.actualBoundingBoxDescent) + 1,
      };
      g.fillStyle = word.ink ?? "#161616";
      if (word.resample && word.resample !== 1) {
        const s = word.resample;
        const w = box.x1 - box.x0;
        const h = box.y1 - box.y0;
        const off = createCanvas(Math.ceil(w * s), Math.ceil(h * s));
        const o = off.getContext("2d");
        o.fillStyle = "#ffffff";
        o.fillRect(0, 0, off.width, off.height);
        o.fillStyle = word.ink ?? "#161616";
        o.font = `${size * s}px "${(word.bold ?? line.bold) ? BOLD : REGULAR}"`;
        o.fillText(word.text, (x - box.x0) * s, (y - box.y0) * s);
        g.drawImage(off, box.x0, box.y0, w, h);
      } else {
        g.fillText(word.text, x, y);
      }
      const previous = boxes.at(-1);
      if (word.glued && previous) {
        previous.text += word.text;
        previous.x0 = Math.min(previous.x0, box.x0);
        previous.y0 = Math.min(previous.y0, box.y0);
        previous.x1 = Math.max(previous.x1, box.x1);
        previous.y1 = Math.max(previous.y1, box.y1);
      } else boxes.push(box);
      x += m.width + size * 0.3;
    }
    baseline += Math.round(line.size * 1.9);
  }
  const rgba = g.getImageData(0, 0, width, height).data;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < width * height; i++, j += 4) {
    rgb[i * 3] = rgba[j];
    rgb[i * 3 + 1] = rgba[j + 1];
    rgb[i * 3 + 2] = rgba[j + 2];
  }
  const words: TextItem[] = boxes.map((b) => ({
    text: b.text,
    x: b.x0 / width,
    y: b.y0 / height,
    width: (b.x1 - b.x0) / width,
    height: (b.y1 - b.y0) / height,
    source: "ocr",
    confidence: 92,
  }));
  return { page: { rgb, width, height }, words };
}
