// Billing as a person uses it, against the Stripe stand-in (tests/helpers/stripe-stand-in.ts): the
// billing page, subscribing to Pro through "Checkout" (the stand-in's pay page delivers Stripe's
// signed events to the app's webhook and sends the browser back), buying a credit pack, a refused
// coupon code, and the subscription portal.
import { expect, test, type Page } from "@playwright/test";
import { startStripeStandIn, type StripeStandIn } from "../tests/helpers/stripe-stand-in";
import { E2E_STRIPE_PORT } from "./support/ports";
import { screenshot } from "./support/screenshot";
import { register } from "./support/register";

test.describe.configure({ mode: "serial" });

const email = `billing-${Date.now()}@example.test`;
let stripe: StripeStandIn;

test.beforeAll(async ({}, info) => {
  const baseURL = info.project.use.baseURL!;
  stripe = await startStripeStandIn({ port: E2E_STRIPE_PORT, webhookUrl: `${baseURL}/billing/webhook` });
});

test.afterAll(async () => {
  await stripe?.close();
});

const stat = (page: Page, label: string) => page.locator("div", { has: page.getByText(label, { exact: true }) }).last();

test("subscribe to Pro, buy a credit pack, redeem a coupon, open the portal", async ({ page }) => {
  await register(page, { name: "Bea Buyer", email });

  await page.getByRole("link", { name: "Billing" }).click();
  await page.waitForURL("**/billing");
  const free = page.getByRole("article", { name: "Free plan" });
  await expect(free.getByText("Current plan")).toBeVisible();
  await expect(page.getByText("No credits used yet this period.")).toBeVisible();
  await screenshot(page, "billing-free");

  // Checkout: the stand-in's pay page delivers the events, then the browser comes back.
  await page.getByRole("article", { name: "Pro plan" }).getByRole("button", { name: "Choose Pro" }).click();
  await page.waitForURL("**/billing?checkout=success");
  await expect(page.getByRole("article", { name: "Pro plan" }).getByText("Current plan")).toBeVisible();
  await expect(stat(page, "Credits remaining")).toContainText("500");
  await expect(page.getByText(/Subscription active, paid until/)).toBeVisible();
  await screenshot(page, "billing-pro");

  // A credit pack.
  await page.getByRole("article", { name: "200 verifications" }).getByRole("button", { name: "Buy" }).click();
  await page.waitForURL("**/billing?purchase=success");
  await expect(stat(page, "Credits remaining")).toContainText("700");
  const history = page.getByRole("table");
  await expect(history.getByRole("row", { name: /Pack small.*200.*19\.00.*paid/ })).toBeVisible();
  await expect(page.getByText("(+200 carried over)")).toBeVisible();

  // A code nobody issued is refused with the reason.
  await page.getByLabel("Coupon code").fill("NOT-A-CODE");
  await page.getByRole("button", { name: "Redeem" }).click();
  await expect(page.getByText("No coupon with the code NOT-A-CODE.")).toBeVisible();
  await screenshot(page, "billing-pack");

  // The portal opens on Stripe (the stand-in's page) for this customer.
  await page.getByRole("button", { name: "Manage subscription" }).click();
  await page.waitForURL(`http://127.0.0.1:${E2E_STRIPE_PORT}/portal/**`);
  await expect(page.getByRole("heading", { name: "Customer portal" })).toBeVisible();
});
