// The package as published: dist/esm for import, dist/cjs for require, both from build.mjs (the
// TypeScript compiler alone, offline), each exposing the same API with its declarations.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const out = mkdtempSync(path.join(tmpdir(), "credence-client-build-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("@credence/client build", () => {
  it("builds ESM and CJS with declarations, both exporting the client, errors and webhooks", async () => {
    execFileSync(process.execPath, [path.resolve(__dirname, "../build.mjs"), out], { stdio: "pipe" });
    for (const dir of ["esm", "cjs"]) expect(existsSync(path.join(out, dir, "index.d.ts"))).toBe(true);
    const cjs = createRequire(import.meta.url)(path.join(out, "cjs", "index.js"));
    const esm = await import(pathToFileURL(path.join(out, "esm", "index.js")).href);
    for (const mod of [cjs, esm]) {
      expect(typeof mod.Credence).toBe("function");
      expect(typeof mod.webhooks.constructEvent).toBe("function");
      expect(new mod.Credence({ apiKey: "svc_test_sk_x", baseUrl: "http://127.0.0.1:9" }).verifications).toBeDefined();
      const header = mod.webhooks.generateTestHeader('{"id":"evt_1"}', "whsec_s");
      expect(mod.webhooks.constructEvent('{"id":"evt_1"}', header, "whsec_s")).toEqual({ id: "evt_1" });
      expect(new mod.NotFoundError("x", { code: "not_found", status: 404 })).toBeInstanceOf(mod.CredenceError);
    }
  });
});
