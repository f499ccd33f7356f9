// An admissions officer's folder: verify two documents, group them in a folder for one applicant,
// read the cross-document consistency, export the results as CSV, and delete the folder while the
// verifications stay in the history.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { screenshot } from "./support/screenshot";
import { register } from "./support/register";

const email = `folders-${Date.now()}@example.test`;

async function verifyDiploma(page: Page): Promise<string> {
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles("e2e/fixtures/diploma.pdf");
  await page.waitForURL(/\/verifications\/ver_/, { timeout: 60_000 });
  await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "VERIFIED");
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("group an applicant's documents in a folder, compare them and export CSV", async ({ page }) => {
  await register(page, { name: "Olga Officer", email });

  const first = await verifyDiploma(page);
  const second = await verifyDiploma(page);

  await page.goto("/dashboard/folders");
  await expect(page.getByText("No folders yet.")).toBeVisible();
  await page.getByLabel("Folder name").fill("MSc admissions 2027");
  await page.getByLabel("Applicant").fill("Jane Example");
  await page.getByLabel("Reference").fill("APP-2027-0042");
  await page.getByRole("button", { name: "Create folder" }).click();
  await page.waitForURL(/\/dashboard\/folders\/fld_/);
  await expect(page.getByRole("heading", { level: 1, name: "MSc admissions 2027" })).toBeVisible();
  await expect(page.getByText("No documents yet.")).toBeVisible();

  for (const id of [first, second]) {
    await page.getByLabel("Add a verification").selectOption(id);
    await page.getByRole("button", { name: "Add to folder" }).click();
    await expect(page.getByRole("status")).toContainText("Added to the folder.");
  }
  await expect(page.getByRole("heading", { name: "Documents (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Cross-document consistency: Consistent/ })).toBeVisible();
  const names = page.getByRole("row").filter({ has: page.getByText("Name", { exact: true }) });
  await expect(names).toContainText("Agree");
  await expect(names).toContainText("#1 diploma.pdf, #2 diploma.pdf");
  await screenshot(page, "folder");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("credence-folder-MSc-admissions-2027.csv");
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(first);
  expect(csv).toContain(second);
  expect(csv.split("\r\n")).toHaveLength(4);

  await page.getByLabel("Status").selectOption("in_review");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete folder" }).click();
  await page.waitForURL("**/dashboard/folders");
  await expect(page.getByText("No folders yet.")).toBeVisible();
  await page.goto(`/verifications/${first}`);
  await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "VERIFIED");
});
