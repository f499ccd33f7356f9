import path from "node:path";
import type { Page } from "@playwright/test";

/** Full-page screenshot kept as a CI artifact in e2e/artifacts/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join("e2e", "artifacts", `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
