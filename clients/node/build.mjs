// Builds dist/esm (import) and dist/cjs (require) with the TypeScript compiler alone — no bundler,
// nothing downloaded. Each output folder gets a package.json marker naming its module system.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const outDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, "dist");

rmSync(outDir, { recursive: true, force: true });
const builds = [
  { dir: "esm", type: "module", flags: [] },
  { dir: "cjs", type: "commonjs", flags: ["--module", "commonjs", "--moduleResolution", "node10"] },
];
for (const { dir, type, flags } of builds) {
  const target = path.join(outDir, dir);
  execFileSync(process.execPath, [tsc, "-p", path.join(here, "tsconfig.build.json"), "--outDir", target, ...flags], {
    stdio: "inherit",
  });
  mkdirSync(target, { recursive: true });
  writeFileSync(path.join(target, "package.json"), JSON.stringify({ type }) + "\n");
}
