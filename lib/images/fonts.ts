// Local TTF fonts (DejaVu, from the dejavu-fonts-ttf package) for generated PDFs and images:
// nothing is fetched at run time, and DejaVu covers Latin, Greek and Cyrillic names.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// Bundlers rewrite module resolution (Turbopack answers "[project]/node_modules/…"), so each
// candidate directory is checked on disk; the app's own node_modules is the usual answer.
function fontDir(): string {
  const candidates = [path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf")];
  try {
    candidates.push(
      path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf"),
    );
  } catch {
    // not resolvable from here: the working-directory candidate remains
  }
  return candidates.find((dir) => existsSync(path.join(dir, "DejaVuSans.ttf"))) ?? candidates[0];
}

const dir = fontDir();

export const FONT_FILES = {
  regular: path.join(dir, "DejaVuSans.ttf"),
  bold: path.join(dir, "DejaVuSans-Bold.ttf"),
  mono: path.join(dir, "DejaVuSansMono.ttf"),
};

let loaded: { regular: Buffer; bold: Buffer } | undefined;

/** The font bytes, read once per process (from the project directory: not traced by the build). */
export function fontData(): { regular: Buffer; bold: Buffer } {
  loaded ??= {
    regular: readFileSync(/*turbopackIgnore: true*/ FONT_FILES.regular),
    bold: readFileSync(/*turbopackIgnore: true*/ FONT_FILES.bold),
  };
  return loaded;
}
