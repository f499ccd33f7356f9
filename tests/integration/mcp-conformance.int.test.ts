// The MCP conformance suite (@modelcontextprotocol/conformance, a devDependency: 0.1.13, the last
// release that runs on Node 20) against /mcp on the production server front. The scenarios that
// call the suite's own fixture or capabilities Credence does not declare are in the baseline file
// (tests/fixtures/mcp-conformance-baseline.yml); the run fails on any other failure and on a
// baseline entry that starts passing.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeToken } from "../helpers/harness";
import { startAppServer, startTokenProxy } from "../helpers/mcp-client";

const SUITE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json")),
  "dist",
  "index.js",
);
const BASELINE = path.resolve(__dirname, "../fixtures/mcp-conformance-baseline.yml");

const results = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
let server: Awaited<ReturnType<typeof startAppServer>>;
let proxy: Awaited<ReturnType<typeof startTokenProxy>>;
beforeAll(async () => {
  server = await startAppServer();
  // The suite sends no Authorization header: the proxy adds a business-plan test token.
  proxy = await startTokenProxy(server.base, async () => (await makeToken({ plan: "business" })).secret);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  rmSync(results, { recursive: true, force: true });
});

describe("the MCP conformance suite", () => {
  it("passes every server scenario that applies (initialize, ping, lists, tool errors, DNS rebinding)", async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [SUITE, "server", "--url", proxy.url, "--expected-failures", BASELINE, "-o", results],
      { timeout: 120_000, maxBuffer: 20_000_000 },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    const output = `${run.stdout}\n${run.stderr}`;
    expect("code" in run ? run.code : 0, output.slice(-4000)).toBe(0);
    for (const scenario of [
      "server-initialize",
      "ping",
      "tools-list",
      "tools-call-error",
      "resources-list",
      "prompts-list",
      "dns-rebinding-protection",
    ]) {
      expect(output).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
    }
  });
});
