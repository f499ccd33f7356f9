// A connection that dies in the middle of an upload (a proxy's timeout, a laptop's Wi-Fi) loses
// nothing: the verification goes on on the server, and the page that started it takes the person
// to its result page, which shows the verdict when the analysis ends, without a reload.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { register } from "./support/register";
import { screenshot } from "./support/screenshot";

const DIPLOMA = "e2e/fixtures/diploma.pdf";

test("an upload whose event stream dies after it started still reaches its verdict", async ({ page }) => {
  await register(page, { name: "Ivy Interrupted", email: `interrupted-${Date.now()}@example.test` });

  // The browser's POST /verify goes to the server (rebuilt here: Chromium does not hand an
  // intercepted request's file bytes over), and its answer reaches the page cut off after the
  // first event, the way a dropped connection leaves it.
  await page.route("**/verify", async (route) => {
    const request = route.request();
    const form = new FormData();
    form.append("file", new Blob([readFileSync(DIPLOMA)], { type: "application/pdf" }), "diploma.pdf");
    const headers = await request.allHeaders();
    const response = await fetch(request.url(), {
      method: "POST",
      headers: { cookie: headers.cookie ?? "", origin: headers.origin ?? "" },
      body: form,
    });
    if (!response.ok) return route.fulfill({ status: response.status, body: await response.text() });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("\n\n")) {
      const { done, value } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString("utf8");
    }
    await reader.cancel();
    await route.fulfill({
      status: response.status,
      headers: { "content-type": "text/event-stream; charset=utf-8" },
      body: text.slice(0, text.indexOf("\n\n") + 2),
    });
  });

  await page.getByTestId("file-input").setInputFiles(DIPLOMA);
  await page.waitForURL(/\/verifications\/ver_/, { timeout: 30_000 });
  const openedPending = await page.getByText("The analysis is still running").isVisible();
  await screenshot(page, "upload-interrupted");
  await expect(page.locator("article[data-verdict]")).toHaveAttribute("data-verdict", "VERIFIED", {
    timeout: 90_000,
  });
  await expect(page.getByTestId("confidence")).toContainText("%");
  console.log(`upload interrupted: the result page opened ${openedPending ? "before" : "after"} the verdict`);
});
