import path from "node:path";
import type { Page } from "@playwright/test";

/** A screenshot (the whole page unless told otherwise) kept as a CI artifact in e2e/artifacts/<name>.png. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  const file = path.join("e2e", "artifacts", `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
