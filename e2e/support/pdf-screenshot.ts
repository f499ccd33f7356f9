import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Keeps a downloaded PDF and a PNG of its first page in e2e/artifacts/<name>.{pdf,png}, drawn by
 * Debian's pdftoppm (poppler-utils, installed by .ci/run): headless Chromium shows no PDF viewer.
 */
export function pdfScreenshot(bytes: Uint8Array, name: string): string {
  const dir = path.join("e2e", "artifacts");
  mkdirSync(dir, { recursive: true });
  const pdf = path.join(dir, `${name}.pdf`);
  writeFileSync(pdf, bytes);
  execFileSync("pdftoppm", ["-png", "-r", "72", "-f", "1", "-singlefile", pdf, path.join(dir, name)]);
  return path.join(dir, `${name}.png`);
}
