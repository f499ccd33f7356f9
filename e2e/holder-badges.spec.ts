// A holder's badge end to end: verify a diploma, add it to the profile from its result page, publish
// it, then as a signed-out visitor open the public profile and the badge, whose signature the page
// checks, and download its PNG and PDF certificate.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { pdfScreenshot } from "./support/pdf-screenshot";
import { screenshot } from "./support/screenshot";
import { register } from "./support/register";

test.describe.configure({ mode: "serial" });

const email = `badge-${Date.now()}@example.test`;
const slug = `e2e-badge-${Date.now().toString(36)}`;

test("claim a verified diploma from its result page, publish it, and check its badge signed out", async ({
  page,
  browser,
}) => {
  await register(page, { name: "Bea Badge", email });

  await page.goto("/holder?tab=credentials");
  await expect(page.getByText("Create your profile on the Profile tab first.")).toBeVisible();
  await page.goto("/holder");
  const form = page.getByRole("form", { name: "Profile" });
  await form.getByLabel("Public address (slug)").fill(slug);
  await form.getByLabel("Headline").fill("Graduate in computer science");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page.getByRole("link", { name: `/u/${slug}` })).toBeVisible();

  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles("e2e/fixtures/diploma.pdf");
  await page.waitForURL(/\/verifications\/ver_/, { timeout: 60_000 });
  const first = new URL(page.url()).pathname;
  await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "VERIFIED");
  const claim = page.getByRole("region", { name: "Holder profile" });
  await claim.getByRole("button", { name: "Add to my profile" }).click();
  await expect(claim.getByRole("status")).toContainText("Added to your profile");
  await screenshot(page, "holder-claim");

  // The same file again (its analysis is reused): a second credential to reorder.
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles("e2e/fixtures/diploma.pdf");
  await page.waitForURL((url) => /\/verifications\/ver_/.test(url.pathname) && url.pathname !== first, {
    timeout: 60_000,
  });
  await claim.getByRole("button", { name: "Add to my profile" }).click();
  await expect(claim.getByRole("status")).toContainText("Added to your profile");

  await claim.getByRole("link", { name: "Manage your credentials" }).click();
  await page.waitForURL("**/holder?tab=credentials");
  const rows = page.getByRole("list", { name: "Your credentials" }).getByRole("listitem");
  const order = () => rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-credential")));
  const claimed = await order();
  expect(claimed).toHaveLength(2);
  await rows.nth(0).getByRole("button", { name: /down$/ }).click();
  await expect(page.getByRole("status")).toHaveText("Order saved.");
  await page.reload();
  expect(await order()).toEqual([...claimed].reverse());
  await rows.nth(1).dragTo(rows.nth(0));
  await expect(page.getByRole("status")).toHaveText("Order saved.");
  await page.reload();
  expect(await order()).toEqual(claimed);

  const row = rows.first();
  await expect(row).toContainText("Published on your profile");
  await row.getByRole("button", { name: "Hide" }).click();
  await expect(row).toContainText("Hidden");
  await row.getByRole("button", { name: "Publish" }).click();
  await expect(row).toContainText("Published on your profile");
  await screenshot(page, "holder-credentials");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/u/${slug}`);
  await expect(anonymous.getByRole("heading", { level: 1, name: "Bea Badge" })).toBeVisible();
  await expect(anonymous.getByText("Graduate in computer science")).toBeVisible();
  const ogImage = await anonymous.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(/\/holder\/badge\/[\w-]+\/image$/);
  await screenshot(anonymous, "public-profile");

  await anonymous.getByRole("link", { name: "View signed badge" }).first().click();
  await anonymous.waitForURL(/\/badge\/[\w-]+$/);
  await expect(anonymous.getByRole("status")).toContainText("Signature valid.");
  await expect(anonymous.getByRole("img", { name: /^Badge: / })).toHaveJSProperty("complete", true);
  await screenshot(anonymous, "badge");

  const [png] = await Promise.all([
    anonymous.waitForEvent("download"),
    anonymous.getByRole("link", { name: "Download PNG" }).click(),
  ]);
  expect(
    readFileSync((await png.path())!)
      .subarray(1, 4)
      .toString(),
  ).toBe("PNG");
  const [pdf] = await Promise.all([
    anonymous.waitForEvent("download"),
    anonymous.getByRole("link", { name: "Download PDF certificate" }).click(),
  ]);
  const certificate = readFileSync((await pdf.path())!);
  expect(certificate.subarray(0, 5).toString()).toBe("%PDF-");
  pdfScreenshot(certificate, "badge-certificate");
  await visitor.close();

  // The visitor's page view is the holder's first (the holder's own visits never count).
  await page.goto("/holder");
  const views = page.getByText("Profile views", { exact: true }).locator("xpath=following-sibling::dd");
  await expect(views).toHaveText("1");
});
