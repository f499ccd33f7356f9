// pdfjs-dist (legacy build, for Node) with every resource it would otherwise fetch pointed at the
// local package: standard fonts, CMaps and the wasm image decoders. Nothing leaves the machine.
// The built-ins its polyfills replace for the whole process are put back (native-builtins.ts,
// imported first so that it sees them before pdfjs loads).
import { restoreNativeBuiltins } from "./native-builtins";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";

export { pdfjs };

restoreNativeBuiltins();

function packageDir(): string {
  const fallback = path.join(process.cwd(), "node_modules", "pdfjs-dist");
  try {
    const resolved = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
    // Under Turbopack the resolution answers a virtual "[project]/node_modules/…" path: check the disk.
    return existsSync(path.join(resolved, "standard_fonts")) ? resolved : fallback;
  } catch {
    return fallback;
  }
}

const dir = packageDir();
// pdfjs reads these with fs in Node when given plain paths ending in a separator. The build cannot
// tell which directory at compile time and would trace the whole project (turbopackIgnore): the
// server runs from the project directory, where the package is.
const asDir = (sub: string) => path.join(/*turbopackIgnore: true*/ dir, sub) + path.sep;

export const PDFJS_RESOURCES = {
  standardFontDataUrl: asDir("standard_fonts"),
  cMapUrl: asDir("cmaps"),
  cMapPacked: true,
  wasmUrl: asDir("wasm"),
  iccUrl: asDir("iccs"),
};

export const pdfjsFileUrl = (p: string) => pathToFileURL(p).href;
