// The holder's timeline end to end: add life events (a wrong date range is refused), edit and
// delete one, download the resume, then see the timeline on the public page signed out, also
// through the old address after a rename.
import { expect, test, type Page } from "@playwright/test";
import { pdfScreenshot } from "./support/pdf-screenshot";
import { screenshot } from "./support/screenshot";
import { register } from "./support/register";

const email = `timeline-${Date.now()}@example.test`;
const slug = `e2e-timeline-${Date.now().toString(36)}`;

async function addEvent(page: Page, event: { kind: string; title: string; org: string; start: string; end?: string }) {
  const form = page.getByRole("form", { name: "Life event" });
  await form.getByLabel("Kind").selectOption(event.kind);
  await form.getByLabel("Title").fill(event.title);
  await form.getByLabel("Organization").fill(event.org);
  await form.getByLabel("Start").fill(event.start);
  await form.getByLabel("End (empty while ongoing)").fill(event.end ?? "");
  await form.getByRole("button", { name: "Add" }).click();
}

test("build a timeline, download the resume, and see it on the public page", async ({ page, browser }) => {
  await register(page, { name: "Tim Line", email });
  await page.goto("/holder");
  await page.getByRole("form", { name: "Profile" }).getByLabel("Public address (slug)").fill(slug);
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page.getByRole("link", { name: `/u/${slug}` })).toBeVisible();

  await page.getByRole("link", { name: "Timeline", exact: true }).click();
  await page.waitForURL("**/holder?tab=timeline");
  await expect(page.getByText("Nothing on your timeline yet")).toBeVisible();
  await addEvent(page, {
    kind: "education",
    title: "MSc Physics",
    org: "ETH Zürich",
    start: "2019-09-01",
    end: "2018-06-30",
  });
  await expect(page.getByRole("region", { name: "Timeline", exact: true }).getByRole("alert")).toContainText("end");
  await page.getByRole("form", { name: "Life event" }).getByLabel("End (empty while ongoing)").fill("2021-06-30");
  await page.getByRole("form", { name: "Life event" }).getByRole("button", { name: "Add" }).click();
  const items = page.getByTestId("timeline-items");
  await expect(items).toContainText("MSc Physics");
  await addEvent(page, { kind: "work", title: "Data scientist", org: "Example AG", start: "2021-09-01" });
  await expect(items.getByRole("listitem").first()).toContainText("Data scientist");
  await addEvent(page, { kind: "award", title: "Typo award", org: "Nobody", start: "2020-01-01" });
  const typo = items.getByRole("listitem").filter({ hasText: "Typo award" });
  await typo.getByRole("button", { name: "Delete" }).click();
  await expect(typo).toHaveCount(0);
  await screenshot(page, "holder-timeline");

  const resume = await page.request.get("/holder/export/resume");
  expect(resume.headers()["content-type"]).toContain("application/pdf");
  const resumePdf = Buffer.from(await resume.body());
  expect(resumePdf.subarray(0, 5).toString()).toBe("%PDF-");
  pdfScreenshot(resumePdf, "holder-resume");

  const renamed = `${slug}-2`;
  await page.goto("/holder");
  await page.getByRole("form", { name: "Profile" }).getByLabel("Public address (slug)").fill(renamed);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("link", { name: `/u/${renamed}` })).toBeVisible();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/u/${slug}`);
  await anonymous.waitForURL(`**/u/${renamed}`);
  const timeline = anonymous.getByRole("list", { name: "Timeline", exact: true });
  await expect(timeline.getByRole("listitem")).toHaveCount(2);
  await expect(timeline.getByRole("listitem").first()).toContainText("Data scientist");
  await expect(timeline).toContainText("MSc Physics");
  await expect(anonymous.getByText("No published credentials yet.")).toBeVisible();
  const missing = await anonymous.goto("/u/nobody-has-this-slug");
  expect(missing?.status()).toBe(404);
  await visitor.close();
});
