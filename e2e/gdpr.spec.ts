// Data protection end to end: a holder disputes a verdict, an administrator upholds it from
// /admin/disputes and the share page shows the corrected verdict marked as such; the holder then
// downloads their data, erases the verification (its share link is gone) and deletes the account
// after typing its e-mail (signed out, and the password no longer signs in).
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { demoCredentials } from "./support/demo";
import { screenshot } from "./support/screenshot";
import { acceptTermsIfAsked, register } from "./support/register";

const email = `privacy-${Date.now()}@example.test`;
const password = "a long enough password";
const reason = "The university revoked this diploma in 2024; it should not read as authentic.";

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("dispute upheld by an admin, data export, erasure of a verification and of the account", async ({ browser }) => {
  test.setTimeout(240_000);
  const holder = await browser.newContext();
  const page = await holder.newPage();
  await register(page, { name: "Petra Private", email, password: password });
  await page.getByTestId("file-input").setInputFiles("e2e/fixtures/diploma.pdf");
  await page.waitForURL(/\/verifications\/ver_/, { timeout: 60_000 });
  await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "VERIFIED");
  const id = new URL(page.url()).pathname.split("/").pop()!;

  await page.getByText("Think the verdict is wrong? Dispute it").click();
  await page.getByLabel("What is wrong, and how do you know?").fill(reason);
  await page.getByRole("button", { name: "File the dispute" }).click();
  await expect(page.getByText(/is waiting for a reviewer/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw the dispute" })).toBeVisible();

  // The administrator upholds it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, demoCredentials());
  await admin.waitForURL("**/dashboard");
  await acceptTermsIfAsked(admin);
  await admin.getByRole("link", { name: "Disputes" }).click();
  await admin.waitForURL("**/admin/disputes");
  const item = admin.getByTestId("dispute").filter({ hasText: reason });
  await expect(item).toBeVisible();
  await item.getByLabel("Outcome").selectOption("upheld");
  await item.getByLabel("Corrected verdict").selectOption("REJECTED");
  await item.getByLabel(/Note to the owner/).fill("Confirmed with the registrar: revoked.");
  await screenshot(admin, "disputes-admin");
  await item.getByRole("button", { name: "Resolve" }).click();
  await expect(item).toHaveCount(0);
  await admin.getByRole("link", { name: "upheld" }).click();
  await expect(admin.getByTestId("dispute").filter({ hasText: reason })).toContainText(
    "Corrected from VERIFIED to REJECTED",
  );
  await adminContext.close();

  // Everyone with the link sees the correction, marked as an administrator's.
  await page.goto(`/share/${id}`);
  await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "REJECTED");
  await expect(page.getByTestId("dispute-correction")).toContainText("Corrected after review");
  await expect(page.getByTestId("dispute-correction")).toContainText("automated verdict VERIFIED");

  // The holder's own data: counted, downloadable as JSON and CSV.
  await page.goto("/dashboard/privacy");
  await expect(page.getByRole("row", { name: /^disputes 1$/ })).toBeVisible();
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download JSON" }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^credence-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await json.path(), "utf8"));
  expect(data.account.email).toBe(email);
  expect(data.sections.verifications.map((v: { id: string }) => v.id)).toContain(id);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const text = readFileSync(await csv.path(), "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(`verifications,${id},verdict,REJECTED`);
  await screenshot(page, "privacy");

  // Erase the verification: its share link is gone.
  page.once("dialog", (dialog) => void dialog.accept());
  await page
    .getByTestId("privacy-verification")
    .filter({ hasText: "diploma.pdf" })
    .getByRole("button", { name: "Erase" })
    .click();
  await expect(page.getByText("You have no verifications.")).toBeVisible();
  const gone = await page.request.get(`/dashboard/verification/${id}`);
  expect(gone.status()).toBe(404);

  // Delete the account: only once the e-mail is typed; then signed out for good.
  const erase = page.getByRole("button", { name: "Delete my account and all its data" });
  await expect(erase).toBeDisabled();
  await page.getByLabel(/Type your e-mail address/).fill(email);
  await expect(erase).toBeEnabled();
  await erase.click();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.request.get("/gdpr/my-data")).status()).toBe(401);
  await signIn(page, { email, password });
  await expect(page.getByText("The e-mail or the password is wrong.")).toBeVisible();
  await holder.close();
});
