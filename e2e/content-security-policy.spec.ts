import { expect, test, type Page } from "@playwright/test";
import { demoCredentials } from "./support/demo";

// Every page carries a script policy with a fresh nonce (server/security-headers.ts): the pages still hydrate and work,
// and markup injected into a page (the shape of a stored XSS) runs nothing.

/** Records the page's CSP violations, from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The nonce of the page's policy, after checking every script the server wrote carries it. */
async function nonceOf(page: Page, path: string) {
  const response = (await page.goto(path))!;
  const policy = response.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(policy).toContain("'strict-dynamic'");
  expect(nonce).toBeTruthy();
  const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  expect(scripts.length, path).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  return nonce!;
}

test("pages run only their own nonce'd scripts, and still work", async ({ page }) => {
  const violations = await recordViolations(page);
  const seen = new Set<string>();
  for (const path of ["/", "/login", "/register"]) {
    const nonce = await nonceOf(page, path);
    expect(seen.has(nonce), "a nonce is never reused").toBe(false);
    seen.add(nonce);
  }

  // Hydrated: the client-side sign-in works, and the dashboard renders.
  const demo = demoCredentials();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(demo.email);
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/(dashboard|terms)/);
  expect(await violations()).toEqual([]);
});

test("markup injected into a page cannot run script", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto("/");
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img src="/missing.png" onerror="window.injected = 1">`);
  });
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
});
