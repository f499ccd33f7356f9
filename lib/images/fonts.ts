// Local TTF fonts (DejaVu, from the dejavu-fonts-ttf package) for generated PDFs and images:
// nothing is fetched at run time, and DejaVu covers Latin, Greek and Cyrillic names.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

function fontDir(): string {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  } catch {
    return path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
  }
}

export const FONT_FILES = {
  regular: path.join(fontDir(), "DejaVuSans.ttf"),
  bold: path.join(fontDir(), "DejaVuSans-Bold.ttf"),
  mono: path.join(fontDir(), "DejaVuSansMono.ttf"),
};

let loaded: { regular: Buffer; bold: Buffer } | undefined;

/** The font bytes, read once per process. */
export function fontData(): { regular: Buffer; bold: Buffer } {
  loaded ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) };
  return loaded;
}
