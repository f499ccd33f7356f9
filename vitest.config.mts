import path from "node:path";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Every core (Vitest's default keeps one free, which on a two-core CI machine means one worker). A
// third worker on two cores was measured: no faster, and a third more time spent importing modules.
const WORKERS = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism();

// Two kinds of test: `unit` (pure code, no database) and `integration` (real route handlers against
// real PostgreSQL databases, one per worker, created per run by tests/setup/global-db.ts), each
// in two projects, shared and isolated (below). Integration tests are named *.int.test.ts.
const UNIT_FILES = [
  "lib/**/*.test.ts",
  "cli/**/*.test.ts",
  "tests/unit/**/*.test.ts",
  "tests/forensics-support/**/*.test.ts",
  "bench/corpora/**/*.test.ts",
  "prisma/**/*.test.ts",
  "clients/**/*.test.ts",
  "server/**/*.test.ts",
];
// Test files share their worker's process and modules (isolate: false): the engine's OCR workers,
// wasm, fonts, Prisma and Next's modules load once per worker instead of once per file, which halves
// the integration phase and cuts a fifth of the unit phase. Files that change the process itself
// need one of their own (isolate: true), found by reading them: a file that replaces modules with
// vi.mock, reopens the database (closeDb) or starts the job workers, whose background work would
// run on into the next file.
const ISOLATED_FILES = filesNeedingTheirOwnProcess(["lib", "cli", "tests", "bench", "prisma", "clients", "server"]);
const ISOLATED_UNIT_FILES = ISOLATED_FILES.filter((f) => !f.endsWith(".int.test.ts"));
const ISOLATED_INTEGRATION_FILES = ISOLATED_FILES.filter((f) => f.endsWith(".int.test.ts"));

function filesNeedingTheirOwnProcess(roots: string[]): string[] {
  return roots
    .flatMap((root) => readdirSync(root, { recursive: true, encoding: "utf8" }).map((f) => path.join(root, f)))
    .filter(
      (f) =>
        f.endsWith(".test.ts") &&
        !f.includes("node_modules") &&
        /\bvi\.(do)?[mM]ock\(|\bcloseDb\(|\bstartJobWorkers\(/.test(readFileSync(f, "utf8")),
    );
}

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // The engine's worker processes run below the server's priority in production (ENGINE_NICE);
    // in tests they share the cores with other tests, not with users, and must not starve behind them.
    env: { ENGINE_NICE: "0" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT_FILES,
          exclude: ["**/*.int.test.ts", "node_modules/**", ...ISOLATED_UNIT_FILES],
          isolate: false,
          setupFiles: ["tests/setup/restore-env.ts"],
          // A hang guard, not a speed check: OCR-heavy engine tests share the cores with a second worker.
          testTimeout: 120_000,
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: { name: "unit-isolated", include: ISOLATED_UNIT_FILES, maxWorkers: WORKERS },
      },
      integration("integration", { exclude: ISOLATED_INTEGRATION_FILES, isolate: false }),
      integration("integration-isolated", { include: ISOLATED_INTEGRATION_FILES }),
    ],
  },
});

function integration(name: string, files: { include?: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    extends: true,
    test: {
      name,
      include: files.include ?? ["**/*.int.test.ts"],
      // next-auth imports "next/server" without an extension, which Node's ESM loader refuses;
      // inlined, Vite resolves it the way Next's bundler does.
      server: { deps: { inline: ["next-auth"] } },
      exclude: ["node_modules/**", "e2e/**", ...(files.exclude ?? [])],
      isolate: files.isolate ?? true,
      globalSetup: ["tests/setup/global-db.ts"],
      setupFiles: ["tests/setup/env.ts", "tests/setup/restore-env.ts"],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      maxWorkers: WORKERS,
    },
  } as const;
}
