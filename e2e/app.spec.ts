// The web application end to end, as a person uses it: register, verify with live stages, read
// the result, download the report, share it, use the developer console, sign in by magic link.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { magicLinkIn, startSmtpReceiver } from "../tests/helpers/smtp";
import { demoCredentials } from "./support/demo";
import { pdfText } from "../tests/helpers/pdf-text";
import { E2E_SMTP_PORT } from "./support/ports";
import { screenshot } from "./support/screenshot";
import { acceptTermsIfAsked } from "./support/register";

test.describe.configure({ mode: "serial" });

const email = `e2e-${Date.now()}@example.test`;
const password = "a long enough password";
let verificationUrl = "";

test("register, verify a document with live stages, and read the result", async ({ page }) => {
  await page.goto("/register");
  await screenshot(page, "register");
  await page.getByLabel("Name").fill("E2E Person");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/Password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/upload");
  await acceptTermsIfAsked(page, { screenshot: true });

  // A digital-born diploma from the project's synthetic generator (bench/corpora/synthetic).
  await page.getByTestId("file-input").setInputFiles("e2e/fixtures/diploma.pdf");
  // The stages appear while the analysis runs, before the result page. The engine's workers run at a
  // lower priority than the server: with the process specs loading both cores, the first can wait.
  await expect(page.locator('[data-stage="decode"]')).toBeVisible({ timeout: 60_000 });
  await screenshot(page, "upload-progress");
  await page.waitForURL(/\/verifications\/ver_/, { timeout: 60_000 });
  verificationUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Findings/ })).toBeVisible();
  await expect(page.getByTestId("confidence")).toContainText("%");
  // Every check ran inside the production bundle (native and wasm modules resolved at run time).
  await expect(page.getByText(/could not run/)).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Page 1 of the document" })).toHaveJSProperty("complete", true);
  await screenshot(page, "result");

  const verdict = (await page.locator("article[data-verdict]").getAttribute("data-verdict"))!;
  expect(verdict).not.toBe("");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF report" }).click(),
  ]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(await pdfText(new Uint8Array(bytes))).toContain(verdict);
});

test("the share link works signed out and carries Open Graph tags", async ({ browser }) => {
  const id = verificationUrl.split("/").pop()!;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/share/${id}`);
  await expect(page.getByText("This result was shared with you")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toContain(`/dashboard/verification/${id}/og-image`);
  const image = await page.request.get(ogImage!);
  expect(image.headers()["content-type"]).toBe("image/png");
  await screenshot(page, "share");
  await context.close();
});

test("the dashboard lists the verification", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("table")).toContainText("diploma");
  await screenshot(page, "dashboard");
});

test("create a token in the developer console and use it against /v1", async ({ page, request }) => {
  const demo = demoCredentials();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(demo.email);
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  await acceptTermsIfAsked(page);
  await page.goto("/developers/tokens");
  await page.getByLabel("Name").fill("console token");
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = (await page.getByTestId("token-secret").textContent())!.trim();
  expect(secret).toMatch(/^svc_test_sk_/);
  await screenshot(page, "developer-tokens");

  const res = await request.post("/v1/verifications", {
    headers: { Authorization: `Bearer ${secret}` },
    data: { document_base64: Buffer.from("credence-test:SUSPECT").toString("base64"), content_type: "image/png" },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).verdict).toBe("SUSPECT");

  await page.goto("/developers/webhooks");
  await expect(page.getByRole("heading", { name: "Add an endpoint" })).toBeVisible();
  await screenshot(page, "developer-webhooks");
  await page.goto("/developers/usage");
  await expect(page.getByText("Requests per day")).toBeVisible();
  await screenshot(page, "developer-usage");
});

test("sign in with a magic link read from the SMTP receiver", async ({ page }) => {
  const smtp = await startSmtpReceiver(E2E_SMTP_PORT);
  try {
    await page.goto("/login");
    await page.getByRole("tab", { name: "E-mail me a link" }).click();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.getByRole("status")).toContainText(email);
    await screenshot(page, "magic-link-sent");
    const link = magicLinkIn(await smtp.waitFor(email, 30_000));
    await page.goto(link.pathname + link.search);
    await screenshot(page, "magic-link");
    await page.getByRole("button", { name: "Sign in to Credence" }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByText(email)).toBeVisible();
  } finally {
    await smtp.close();
  }
});
