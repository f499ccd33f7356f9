// Real producer output committed as test samples (see samples/): read by name.
import { readFileSync } from "node:fs";
import path from "node:path";

export function pdfSample(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(import.meta.dirname, "samples", name)));
}
