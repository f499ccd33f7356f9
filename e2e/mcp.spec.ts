import { expect, test } from "@playwright/test";
import { demoCredentials } from "./support/demo";
import { screenshot } from "./support/screenshot";

test("the MCP manual and manifests carry this instance's URL, and /mcp answers the demo token", async ({
  page,
  request,
  baseURL,
}) => {
  const external: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.hostname !== "127.0.0.1" && url.protocol !== "data:") external.push(r.url());
  });
  await page.goto("/mcp/docs");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Credence for AI agents");
  for (const client of ["Claude Desktop", "Cursor", "VS Code", "The MCP inspector"])
    await expect(page.getByRole("heading", { name: client })).toBeVisible();
  await expect(page.locator("pre", { hasText: "mcpServers" }).first()).toContainText(`${baseURL}/mcp`);
  expect(external).toEqual([]);
  await screenshot(page, "mcp-docs");

  const config = await (await request.get("/.well-known/mcp-config")).json();
  expect(config.url).toBe(`${baseURL}/mcp`);
  expect(config.clients.cursor.config.mcpServers.credence.url).toBe(`${baseURL}/mcp`);

  // The production server answers POST /mcp (server/app-server.ts); GET is Next's 405.
  const res = await request.post("/mcp", {
    headers: { Authorization: `Bearer ${demoCredentials().testToken}`, Accept: "application/json, text/event-stream" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["x-service-environment"]).toBe("test");
  expect((await res.json()).result.tools).toHaveLength(5);
  expect((await request.get("/mcp")).status()).toBe(405);
});
