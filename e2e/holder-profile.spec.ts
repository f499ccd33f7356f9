// The holder area as a person uses it: create a profile, upload an avatar, add a social link,
// generate the biography.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { screenshot } from "./support/screenshot";
import { register } from "./support/register";

test.describe.configure({ mode: "serial" });

const email = `holder-${Date.now()}@example.test`;
const slug = `e2e-holder-${Date.now().toString(36)}`;

test("create a holder profile, upload an avatar, add a social link", async ({ page }) => {
  await register(page, { name: "Ada Holder", email });

  await page.getByRole("link", { name: "Holder profile" }).click();
  await page.waitForURL("**/holder");
  await expect(page.getByText("You have no holder profile yet")).toBeVisible();
  await screenshot(page, "holder-empty");

  const form = page.getByRole("form", { name: "Profile" });
  await expect(form.getByLabel("Display name")).toHaveValue("Ada Holder");
  await form.getByLabel("Public address (slug)").fill(slug);
  await form.getByLabel("Headline").fill("Mathematician and programmer");
  await form.getByLabel("Location").fill("London");
  await form.getByLabel("GitHub").fill("http://github.com/ada");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(form.getByRole("alert")).toContainText("Only https");
  await form.getByLabel("GitHub").fill("https://github.com/ada");
  await page.getByRole("button", { name: "Create profile" }).click();
  await expect(page.getByRole("link", { name: `/u/${slug}` })).toBeVisible();
  await expect(page.getByText("Profile views", { exact: true })).toBeVisible();

  const dir = mkdtempSync(path.join(tmpdir(), "avatar-"));
  const file = path.join(dir, "me.jpg");
  writeFileSync(
    file,
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 200 } } })
      .jpeg()
      .toBuffer(),
  );
  await page.locator('input[name="avatar"]').setInputFiles(file);
  const avatar = page.getByRole("img", { name: "Ada Holder's avatar" });
  await expect(avatar).toHaveAttribute("src", /^\/holder\/profile\/avatar\/[0-9a-f]{32}\.webp$/);
  await expect(avatar).toHaveJSProperty("naturalWidth", 512);
  await screenshot(page, "holder-profile");

  await page.getByRole("link", { name: "Social links" }).click();
  await page.waitForURL("**/holder?tab=social");
  await expect(page.getByText("No links yet.").or(page.getByText("https://github.com/ada"))).toBeVisible();
  const add = page.getByRole("form", { name: "Add a link" });
  await add.getByRole("combobox", { name: "Platform" }).selectOption("orcid");
  await add.getByLabel("Profile address").fill("https://orcid.org/0000-0002-1825-0098");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(add.getByRole("alert")).toContainText("check digit");
  await add.getByLabel("Profile address").fill("https://orcid.org/0000-0002-1825-0097");
  await page.getByRole("button", { name: "Save link" }).click();
  const links = page.getByRole("list", { name: "Your links" });
  await expect(links.getByText("https://orcid.org/0000-0002-1825-0097")).toBeVisible();
  await links
    .getByRole("listitem")
    .filter({ hasText: "orcid.org" })
    .getByRole("button", { name: "Read handle" })
    .click();
  await expect(links.getByText("Handle: 0000-0002-1825-0097")).toBeVisible();
  await screenshot(page, "holder-social-links");

  await page.getByRole("link", { name: "Biography" }).click();
  await page.waitForURL("**/holder?tab=biography");
  await expect(page.getByText("No biography yet.")).toBeVisible();
  await page.getByRole("button", { name: "Generate biography" }).click();
  await expect(page.getByRole("article", { name: "Biography" })).toContainText(
    "Ada Holder – Mathematician and programmer. Based in London.",
  );
  await screenshot(page, "holder-biography");
});
