// Generates the Prisma client offline. Prisma's CLI wants to download a native schema engine
// on every command; generation does not need it, so any existing file satisfies the check.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// `npm install --package-lock-only` (how the lock is refreshed) still runs this hook, with no
// node_modules to generate from: there is nothing to do then.
if (process.env.npm_config_package_lock_only === "true") process.exit(0);

const prismaCli = fileURLToPath(new URL("../node_modules/prisma/build/index.js", import.meta.url));
execFileSync(process.execPath, [prismaCli, "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
