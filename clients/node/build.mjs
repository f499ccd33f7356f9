// Builds dist/esm (import) and dist/cjs (require) with the TypeScript compiler alone — no bundler,
// nothing downloaded — the two compilations side by side. Each output folder gets a package.json
// marker naming its module system.
// Usage: node build.mjs [outDir]   (default ./dist)
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const outDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, "dist");

rmSync(outDir, { recursive: true, force: true });
const builds = [
  { dir: "esm", type: "module", flags: [] },
  { dir: "cjs", type: "commonjs", flags: ["--module", "commonjs", "--moduleResolution", "node10"] },
];
await Promise.all(
  builds.map(async ({ dir, type, flags }) => {
    const target = path.join(outDir, dir);
    const args = [tsc, "-p", path.join(here, "tsconfig.build.json"), "--outDir", target, ...flags];
    try {
      await promisify(execFile)(process.execPath, args);
    } catch (error) {
      console.error(`${dir} build failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`);
      process.exit(1);
    }
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, "package.json"), JSON.stringify({ type }) + "\n");
  }),
);
