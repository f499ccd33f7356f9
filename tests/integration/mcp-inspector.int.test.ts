// The official MCP inspector's CLI (@modelcontextprotocol/inspector-cli, a devDependency: nothing is
// downloaded) against /mcp on the production server front, as an integrator would first try it.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeToken } from "../helpers/harness";
import { startAppServer } from "../helpers/mcp-client";

const CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector-cli/package.json")),
  "build",
  "index.js",
);
let server: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  server = await startAppServer();
});
afterAll(() => server.close());

async function inspect(secret: string, method: string, ...args: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      CLI,
      `${server.base}/mcp`,
      "--transport",
      "http",
      "--header",
      `Authorization: Bearer ${secret}`,
      "--method",
      method,
      ...args,
    ],
    // It finds its own package.json relative to the working directory (as its launcher runs it).
    { timeout: 30_000, cwd: path.dirname(CLI) },
  );
  return JSON.parse(stdout) as Record<string, { name?: string; uri?: string; uriTemplate?: string }[]>;
}

describe("the MCP inspector CLI", () => {
  it("lists 5 tools, 3 resources (one a template) and 2 prompts", async () => {
    const { secret } = await makeToken();
    const [tools, resources, templates, prompts] = await Promise.all([
      inspect(secret, "tools/list"),
      inspect(secret, "resources/list"),
      inspect(secret, "resources/templates/list"),
      inspect(secret, "prompts/list"),
    ]);
    expect(tools.tools.map((t) => t.name)).toHaveLength(5);
    expect(resources.resources.length + templates.resourceTemplates.length).toBe(3);
    expect(prompts.prompts.map((p) => p.name)).toHaveLength(2);
  });

  it("fails on a wrong token", async () => {
    await expect(inspect("svc_test_sk_wrong", "tools/list")).rejects.toThrow(/invalid_api_key|401/);
  });
});
