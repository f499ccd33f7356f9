// `npm run bench:web` runs bench/web.ts on the real route handlers against a fresh local
// PostgreSQL (the integration tests' setup), inside Vite so the ESM-only PDF and image packages load.
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["bench/web.ts"],
    globalSetup: ["tests/setup/global-db.ts"],
    setupFiles: ["tests/setup/env.ts"],
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
