import { expect, test } from "@playwright/test";
import { demoCredentials } from "./support/demo";
import { screenshot } from "./support/screenshot";

test("the landing page says what Credence is, with no network", async ({ page }) => {
  const external: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.hostname !== "127.0.0.1" && url.protocol !== "data:") external.push(request.url());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Know whether a document is real");
  await expect(page.getByRole("link", { name: "Verify a document" }).first()).toBeVisible();
  await expect(page.getByText("Independent forensic checks")).toBeVisible();
  // Tailwind is applied: the primary call to action has the brand background.
  const background = await page
    .getByRole("link", { name: "Verify a document" })
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
  expect(external).toEqual([]);
  await screenshot(page, "landing");
});

test("the application API reference renders from /openapi.json, with no network, and links the /v1 reference", async ({
  page,
  request,
}) => {
  const external: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.hostname !== "127.0.0.1" && url.protocol !== "data:") external.push(r.url());
  });
  const document = await (await request.get("/openapi.json")).json();
  expect(document.info.version).toBe("1.0.0-phase1");
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("document fraud detection API");
  await expect(page.getByRole("heading", { name: "POST /auth/login" })).toBeVisible();
  // The whole reference is tens of thousands of pixels tall: its first screen shows the rendering.
  await screenshot(page, "app-api-docs", { fullPage: false });
  await page.getByRole("link", { name: "reference" }).first().click();
  await page.waitForURL("**/v1/docs/reference");
  expect(external).toEqual([]);
});

test("health check answers with the database status", async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", db: "ok" });
});

test("the app boots on the embedded database and serves a test-mode verification", async ({ request }) => {
  const { testToken } = demoCredentials();
  const auth = { Authorization: `Bearer ${testToken}` };
  const created = await request.post("/v1/verifications", {
    headers: auth,
    data: {
      document_base64: Buffer.from("credence-test:VERIFIED:diploma").toString("base64"),
      content_type: "application/pdf",
    },
  });
  expect(created.status()).toBe(200);
  expect(created.headers()["x-service-environment"]).toBe("test");
  const body = await created.json();
  expect(body).toMatchObject({ verdict: "VERIFIED", doc_type: "diploma", status: "completed", livemode: false });
  const fetched = await request.get(body.poll_url, { headers: auth });
  expect((await fetched.json()).id).toBe(body.id);

  const anonymous = await request.post("/v1/verifications", { data: {} });
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error.code).toBe("authentication_required");
});
