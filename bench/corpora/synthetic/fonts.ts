// Fonts come from npm packages (dejavu-fonts-ttf, and Liberation Sans shipped with pdfjs-dist),
// never from the system, so generation gives the same pixels on every machine.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { GlobalFonts, createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import type { FontKey } from "./layout";

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

const dejavu = () => path.join(packageDir("dejavu-fonts-ttf"), "ttf");
const liberation = () => path.join(packageDir("pdfjs-dist"), "standard_fonts");

const FILES: Record<FontKey, () => string> = {
  sans: () => path.join(dejavu(), "DejaVuSans.ttf"),
  "sans-bold": () => path.join(dejavu(), "DejaVuSans-Bold.ttf"),
  "sans-oblique": () => path.join(dejavu(), "DejaVuSans-Oblique.ttf"),
  "sans-condensed": () => path.join(dejavu(), "DejaVuSansCondensed.ttf"),
  serif: () => path.join(dejavu(), "DejaVuSerif.ttf"),
  "serif-bold": () => path.join(dejavu(), "DejaVuSerif-Bold.ttf"),
  "serif-italic": () => path.join(dejavu(), "DejaVuSerif-Italic.ttf"),
  "serif-condensed": () => path.join(dejavu(), "DejaVuSerifCondensed.ttf"),
  mono: () => path.join(dejavu(), "DejaVuSansMono.ttf"),
  "mono-bold": () => path.join(dejavu(), "DejaVuSansMono-Bold.ttf"),
  liberation: () => path.join(liberation(), "LiberationSans-Regular.ttf"),
  "liberation-bold": () => path.join(liberation(), "LiberationSans-Bold.ttf"),
};

/** Family name each font is registered under in the canvas (one family per file, so no style lookup). */
export function canvasFamily(font: FontKey): string {
  return `credence-${font}`;
}

let registered = false;

export function registerFonts(): void {
  if (registered) return;
  for (const key of Object.keys(FILES) as FontKey[]) {
    GlobalFonts.registerFromPath(FILES[key](), canvasFamily(key));
  }
  registered = true;
}

const bytesCache = new Map<FontKey, Uint8Array>();

export function fontBytes(font: FontKey): Uint8Array {
  let bytes = bytesCache.get(font);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(FILES[font]()));
    bytesCache.set(font, bytes);
  }
  return bytes;
}

let measureCtx: SKRSContext2D | null = null;

/** Width in points of `value` set in `font` at `size` points (same metrics as both renderers). */
export function measureText(value: string, font: FontKey, size: number): number {
  registerFonts();
  measureCtx ??= createCanvas(8, 8).getContext("2d");
  measureCtx.font = `${size}px "${canvasFamily(font)}"`;
  return measureCtx.measureText(value).width;
}
