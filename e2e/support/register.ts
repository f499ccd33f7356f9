import { expect, type Page } from "@playwright/test";
import { screenshot } from "./screenshot";

/** Accepts the terms of service when the signed-in page asks for them (a new account does). */
export async function acceptTermsIfAsked(page: Page, options: { screenshot?: boolean } = {}) {
  const accept = page.getByRole("button", { name: "I accept the terms" });
  if (await accept.isVisible()) {
    if (options.screenshot) await screenshot(page, "terms");
    await accept.click();
    await expect(accept).toBeHidden();
  }
}

/** Registers a new account through the form; the browser ends signed in on /upload with the terms accepted. */
export async function register(page: Page, who: { name: string; email: string; password?: string }) {
  await page.goto("/register");
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel(/Password/).fill(who.password ?? "a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/upload");
  await acceptTermsIfAsked(page);
}
