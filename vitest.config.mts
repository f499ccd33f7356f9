import path from "node:path";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const WORKERS = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism();

// Two projects: `unit` (pure code, no database) and `integration` (real route handlers against
// real PostgreSQL databases, one per worker, created per run by tests/setup/global-db.ts).
// Integration tests are named *.int.test.ts. Both use every core: Vitest's default keeps one
// free, which on a 2-core CI machine means a single worker.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "cli/**/*.test.ts",
            "tests/unit/**/*.test.ts",
            "tests/forensics-support/**/*.test.ts",
            "bench/corpora/**/*.test.ts",
            "prisma/**/*.test.ts",
            "clients/**/*.test.ts",
            "server/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          // A hang guard, not a speed check: OCR-heavy engine tests share the cores with a second worker.
          testTimeout: 120_000,
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          // next-auth imports "next/server" without an extension, which Node's ESM loader refuses;
          // inlined, Vite resolves it the way Next's bundler does.
          server: { deps: { inline: ["next-auth"] } },
          exclude: ["node_modules/**", "e2e/**"],
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: ["tests/setup/env.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});
