import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_SMTP_PORT, E2E_STRIPE_PORT } from "./e2e/support/ports";
import { standInEnv } from "./tests/helpers/stripe-stand-in";

// e2e runs the production build (`next build` first, see the test:e2e script) with `npm start`'s server.ts
// on the embedded PGlite in a fresh data directory, driving Debian's Chromium. Screenshots of
// every page visited are kept in e2e/artifacts/.
const PROCESS_SPECS = /(crash-recovery|scale-out)\.spec\.ts$/;
// The specs that read the server's mail share its one SMTP port: never two at a time.
const MAIL_SPECS = /\/(app|issuer-approval)\.spec\.ts$/;
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "credence-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
// Every server the suite starts (the web server below, the process specs' instances, which inherit this
// environment) runs its engine workers at the tests' priority: at the production ENGINE_NICE of 10 they
// wait behind vitest's workers on a two-core CI machine, past the idempotency wait and the engine's deadline.
process.env.ENGINE_NICE = "0";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // Two specs at a time, each file whole on one worker. The process specs (crash recovery, scale-out)
  // start servers of their own and mostly wait on them; listed first, they start at once and the
  // page specs, which share the one server below, fill the other worker and then both.
  workers: 2,
  projects: [
    { name: "processes", testMatch: PROCESS_SPECS, workers: 1 },
    { name: "mail", testMatch: MAIL_SPECS, workers: 1 },
    { name: "pages", testIgnore: [PROCESS_SPECS, MAIL_SPECS] },
  ],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // CI keeps only the console: a trace recorded there (DOM snapshots and screencast of every action)
    // would cost CPU the tests share with vitest and never be read.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    // The dev bootstrap seeds the demo user and a test token (read by the specs from the data dir).
    command: `npx tsx scripts/bootstrap.ts && NEXT_TELEMETRY_DISABLED=1 npx tsx server.ts -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      DATABASE_URL: "",
      CREDENCE_DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      ADMIN_SECRET: "e2e-admin-secret-0123456789",
      NODE_ENV: "production",
      DEMO_SEED: "true",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      AUTH_SECRET: "e2e-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      CREDENCE_ENCRYPTION_KEY: "0".repeat(64),
      // Every spec signs in from 127.0.0.1: the whole suite is one address, faster than ten people a minute.
      SIGN_IN_PER_MINUTE: "600",
      SIGN_IN_PER_ACCOUNT_PER_HOUR: "100000",
      // Billing against the Stripe stand-in that e2e/billing.spec.ts starts on this port.
      ...standInEnv(`http://127.0.0.1:${E2E_STRIPE_PORT}`),
    },
  },
});
