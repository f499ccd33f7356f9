// Human review end to end: three reviewers each overrule the engine on a diploma re-saved by
// Photoshop (their result page shows their verdict, the share page keeps the engine's), an
// administrator reads the override rates, generates the learning engine's suggestion and approves
// it, and the next upload of such a diploma is VERIFIED.
import { expect, test, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { demoCredentials } from "./support/demo";
import { screenshot } from "./support/screenshot";
import { acceptTermsIfAsked, register } from "./support/register";

const stamp = Date.now();

async function editedDiploma(name: string) {
  const doc = await PDFDocument.create();
  doc.setProducer("Adobe Photoshop 24.0");
  doc.setCreationDate(new Date("2021-06-20T10:00:00Z"));
  doc.setModificationDate(new Date("2024-02-01T10:00:00Z"));
  const page = doc.addPage([842, 595]);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const lines = [
    "University of Example",
    "This is to certify that",
    name,
    "has been awarded the degree of",
    "Bachelor of Science in Computer Science",
    "Date of award: 15 June 2021",
    "Diploma No. UE-2021-004512",
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 200, y: 500 - i * 50, size: 18, font }));
  return { name: "diploma.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) };
}

async function upload(page: Page, name: string, verdict: string): Promise<string> {
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles(await editedDiploma(name));
  await page.waitForURL(/\/verifications\/ver_/, { timeout: 60_000 });
  await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", verdict);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("reviewers overrule a check, an admin approves the suggestion, the engine follows", async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [i, who] of ["Rita Reviewer", "Sam Screener", "Tom Checker"].entries()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await register(page, {
      name: who,
      email: `review-${who.toLowerCase().replace(/\W/g, "")}-${stamp}@example.test`,
    });
    const id = await upload(page, `Applicant ${i}`, "SUSPECT");

    await page.getByText("Review this verdict").click();
    await page.getByLabel("The right verdict").selectOption("VERIFIED");
    await page.getByLabel("pdf.producer").check();
    await page.getByLabel("Why").fill("The registrar's office re-exports every diploma through Photoshop.");
    await page.getByRole("button", { name: "Save my verdict" }).click();
    const note = page.getByTestId("reviewed-verdict");
    await expect(note).toContainText("Set by you");
    await expect(note).toContainText("re-exports every diploma");
    // The engine's verdict stays on the page, and is all a shared link shows.
    await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "SUSPECT");
    if (i === 0) await screenshot(page, "review-result");
    await page.goto(`/share/${id}`);
    await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "SUSPECT");
    await expect(page.getByTestId("reviewed-verdict")).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(page.getByRole("row", { name: /diploma\.pdf/ })).toContainText("reviewed · engine: SUSPECT");
    await context.close();
  }

  const admin = await browser.newContext();
  const page = await admin.newPage();
  const demo = demoCredentials();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(demo.email);
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  await acceptTermsIfAsked(page);
  await page.getByRole("link", { name: "Review analytics" }).click();
  await page.waitForURL("**/admin/review");
  await expect(page.locator('[data-rate-row="pdf.producer"]').first()).toContainText("3/3 · 100 %");
  await page.getByRole("button", { name: "Generate suggestions from the reviews" }).click();
  const suggestion = page.locator("[data-suggestion]").filter({ hasText: "pdf.producer · diploma · pdf" });
  await expect(suggestion).toContainText("weight 0.5");
  await expect(suggestion).toContainText("3 of 3 (3 then match)");
  await screenshot(page, "review-admin");
  await suggestion.getByRole("button", { name: "Approve" }).click();
  // Decided, it leaves the pending list for the record below, with the version its approval wrote.
  await expect(page.getByRole("heading", { name: "Decided" })).toBeVisible();
  await expect(page.getByText(/\(overrides version \d+\)/)).toBeVisible();
  await expect(suggestion).toHaveCount(0);
  await expect(page.getByRole("row", { name: /pdf\.producer/ })).toContainText("0.5");

  // The next such diploma, analysed with the approved overrides.
  await upload(page, "Applicant 4", "VERIFIED");
  await admin.close();
});
