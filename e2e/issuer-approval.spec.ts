// Issuer approval end to end: the owner asks an institution to confirm a live verification, the
// e-mail arrives at a real SMTP receiver, the institution opens the link signed out and confirms,
// and the owner sees the answer: "Confirmed by <institution>" because an administrator verified the
// answering domain first, on the result page and on the credential's public badge.
import { expect, test, type Page } from "@playwright/test";
import { startSmtpReceiver } from "../tests/helpers/smtp";
import { demoCredentials } from "./support/demo";
import { E2E_SMTP_PORT } from "./support/ports";
import { screenshot } from "./support/screenshot";

const stamp = Date.now();
const owner = `issuer-owner-${stamp}@example.test`;
const domain = `records-${stamp}.example.edu`;
const registrar = `registrar@${domain}`;
const university = `University of Examples ${stamp}`;
const slug = `issuer-e2e-${stamp.toString(36)}`;

async function signInAsAdmin(page: Page) {
  const demo = demoCredentials();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(demo.email);
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  const accept = page.getByRole("button", { name: "I accept the terms" });
  if (await accept.isVisible()) await accept.click();
}

async function registerAndVerify(page: Page) {
  await page.goto("/register");
  await page.getByLabel("Name").fill("Issuer Owner");
  await page.getByLabel("E-mail").fill(owner);
  await page.getByLabel(/Password/).fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/upload");
  const accept = page.getByRole("button", { name: "I accept the terms" });
  if (await accept.isVisible()) await accept.click();
  await page.getByTestId("file-input").setInputFiles("e2e/fixtures/diploma.pdf");
  await page.waitForURL(/\/verifications\/ver_/, { timeout: 60_000 });
}

test("the owner requests a confirmation, the institution confirms from the e-mail, the owner sees it", async ({
  page,
  browser,
}) => {
  const smtp = await startSmtpReceiver(E2E_SMTP_PORT);
  const admin = await browser.newContext();
  try {
    // An administrator vouches for the institution's domain first.
    const tracker = await admin.newPage();
    await signInAsAdmin(tracker);
    await tracker.goto("/admin/institutions");
    const add = tracker.getByRole("form", { name: "Add an institution" });
    await add.getByLabel("Institution name").fill(university);
    await add.getByLabel(/Domains/).fill(domain);
    await add.getByRole("button", { name: "Add institution" }).click();
    await expect(add.getByRole("status")).toContainText(`${university} is verified for ${domain}.`);
    await expect(tracker.getByRole("row", { name: new RegExp(university) })).toContainText(domain);
    await screenshot(tracker, "issuer-institutions");

    await registerAndVerify(page);
    const resultUrl = page.url();
    const form = page.getByRole("form", { name: "Request institution confirmation" });
    await form.getByLabel("Institution", { exact: true }).fill("University of Examples");
    await form.getByLabel(/Institution e-mail/).fill(registrar);
    await form.getByRole("button", { name: "Preview e-mail" }).click();
    await expect(page.getByTestId("issuer-preview")).toContainText(university);
    await expect(page.getByTestId("issuer-preview")).not.toContainText("not a verified institution");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByRole("status").filter({ hasText: "Request sent" })).toContainText(registrar);
    await expect(page.locator('tr[data-request-id] [data-status="pending"]')).toBeVisible();
    await screenshot(page, "issuer-request-sent");

    const mail = await smtp.waitFor(registrar, 30_000);
    const link = new URL(/https?:\/\/[^\s"<>]+\/approve\/[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    expect(mail.text).not.toContain(owner);

    // The institution: no account, a fresh browser.
    const institution = await browser.newContext();
    const approve = await institution.newPage();
    const response = await approve.goto(link.pathname);
    expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
    expect(response!.headers()["cache-control"]).toContain("no-store");
    await expect(approve.getByRole("heading", { level: 1 })).toContainText("Did you issue this");
    await screenshot(approve, "issuer-approve-page");
    await approve.getByLabel(/Your name/).fill("R. Egistrar");
    await approve.getByLabel(/Comment/).fill("Issued in 2021.");
    await approve.getByRole("button", { name: /^Confirm/ }).click();
    await expect(approve.getByRole("status")).toContainText("your answer is recorded");
    await screenshot(approve, "issuer-approve-answered");
    // The link answers once.
    await approve.reload();
    await expect(approve.getByRole("heading", { name: "This request was already answered" })).toBeVisible();
    await approve.goto("/approve/not-a-real-token");
    await expect(approve.getByRole("heading", { name: "This confirmation link is not valid" })).toBeVisible();
    await institution.close();

    await page.goto(resultUrl);
    await expect(page.locator('tr[data-request-id] [data-status="confirmed"]')).toBeVisible();
    await expect(page.getByTestId("issuer-status")).toContainText(`Confirmed by ${university}`);
    await screenshot(page, "issuer-confirmed");
    await expect((await smtp.waitFor(owner, 30_000)).text).toContain("answered your request");

    // The owner's list, and the tracker: a 404 for a user, the request for an administrator.
    await page.goto("/dashboard/confirmations");
    await expect(page.locator('tr[data-request-id] [data-status="confirmed"]')).toBeVisible();
    expect((await page.goto("/admin/confirmations"))!.status()).toBe(404);
    await tracker.goto(`/admin/confirmations?status=confirmed&search=${encodeURIComponent(domain)}`);
    await expect(tracker.locator("tr[data-request-id]")).toHaveCount(1);
    await expect(tracker.locator("tr[data-request-id]")).toContainText(owner);
    await screenshot(tracker, "issuer-tracker");
    await tracker.goto(`/admin/confirmations?status=pending&search=${encodeURIComponent(domain)}`);
    await expect(tracker.getByText("No request matches these filters.")).toBeVisible();

    // The holder publishes the credential: its public badge carries the institution's answer.
    await page.goto("/holder");
    await page.getByRole("form", { name: "Profile" }).getByLabel("Public address (slug)").fill(slug);
    await page.getByRole("button", { name: "Create profile" }).click();
    await expect(page.getByRole("link", { name: `/u/${slug}` })).toBeVisible();
    await page.goto(resultUrl);
    const claim = page.getByRole("region", { name: "Holder profile" });
    await claim.getByRole("button", { name: "Add to my profile" }).click();
    await expect(claim.getByRole("status")).toContainText("Added to your profile");
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/u/${slug}`);
    await anonymous.getByRole("link", { name: "View signed badge" }).click();
    await anonymous.waitForURL(/\/badge\/[\w-]+$/);
    await expect(anonymous.locator("dd", { hasText: `Confirmed by ${university}` })).toBeVisible();
    await screenshot(anonymous, "issuer-badge");
    await visitor.close();
  } finally {
    await admin.close();
    await smtp.close();
  }
});
