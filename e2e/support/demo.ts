import { readFileSync } from "node:fs";
import path from "node:path";

/** The demo user and test token the server's bootstrap wrote into the e2e data directory. */
export function demoCredentials(): { email: string; password: string; testToken: string } {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return JSON.parse(readFileSync(path.join(dir, "demo-credentials.json"), "utf8"));
}
