import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { callV1, makeToken } from "../helpers/harness";

let server: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      res.end();
    } else if (url.pathname === "/loop") {
      res.writeHead(302, { location: "/loop" });
      res.end();
    } else if (url.pathname === "/big") {
      // Chunked, no Content-Length: the limit must hold while streaming.
      res.writeHead(200, { "content-type": "application/pdf" });
      for (let i = 0; i < 3; i++) res.write(Buffer.alloc(1024 * 1024, 65));
      res.end();
    } else if (url.pathname === "/slow") {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.write("credence-test:");
      setTimeout(() => res.end("VERIFIED"), 3000);
    } else if (url.pathname === "/missing") {
      res.writeHead(404);
      res.end();
    } else {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end("credence-test:MANUAL_REVIEW:certificate");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  for (const key of ["FETCH_HTTP_ALLOWLIST", "FETCH_ALLOW_PRIVATE", "MAX_UPLOAD_BYTES", "FETCH_TIMEOUT_MS"])
    delete process.env[key];
  resetEnvCache();
});

function configure(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetEnvCache();
}

const submit = (auth: Record<string, string>, url: string) =>
  callV1(create, { method: "POST", path: "/v1/verifications", headers: auth, body: { document_url: url } });

describe("POST /v1/verifications with document_url", () => {
  it("fetches the document when the operator allows the target", async () => {
    configure({ FETCH_HTTP_ALLOWLIST: "127.0.0.1", FETCH_ALLOW_PRIVATE: "true" });
    const { auth } = await makeToken();
    const res = await submit(auth, `${base}/files/diploma.pdf`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      verdict: "MANUAL_REVIEW",
      doc_type: "certificate",
      content_type: "application/pdf",
      file_name: "diploma.pdf",
    });
  });

  it("refuses plain http for hosts that are not allow-listed, without connecting", async () => {
    const { auth, userId } = await makeToken();
    const before = hits;
    const res = await submit(auth, `${base}/a.pdf`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/https/);
    expect(hits).toBe(before);
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(0);
  });

  it("refuses loopback and private addresses after resolution", async () => {
    configure({ FETCH_HTTP_ALLOWLIST: "127.0.0.1,localhost" });
    const { auth } = await makeToken();
    const before = hits;
    for (const url of [
      `${base}/a.pdf`,
      `http://localhost:${new URL(base).port}/a.pdf`,
      "https://10.0.0.1/a.pdf",
      "https://[::1]/a.pdf",
    ]) {
      const res = await submit(auth, url);
      expect(res.status, url).toBe(400);
      expect(res.json.error.message).toMatch(/private, loopback/);
    }
    expect(hits).toBe(before);
  });

  it("checks every redirect again: a redirect to the metadata address is refused", async () => {
    configure({ FETCH_HTTP_ALLOWLIST: "127.0.0.1,169.254.169.254", FETCH_ALLOW_PRIVATE: "true" });
    const { auth } = await makeToken();
    const res = await submit(
      auth,
      `${base}/redirect?to=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`,
    );
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/metadata/);
  });

  it("checks the scheme of every redirect", async () => {
    configure({ FETCH_HTTP_ALLOWLIST: "127.0.0.1", FETCH_ALLOW_PRIVATE: "true" });
    const { auth } = await makeToken();
    const res = await submit(auth, `${base}/redirect?to=${encodeURIComponent("ftp://127.0.0.1/x")}`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/https/);
  });

  it("follows at most 3 redirects", async () => {
    configure({ FETCH_HTTP_ALLOWLIST: "127.0.0.1", FETCH_ALLOW_PRIVATE: "true" });
    const { auth } = await makeToken();
    const ok = await submit(auth, `${base}/redirect?to=${encodeURIComponent(`${base}/redirect?to=/doc.pdf`)}`);
    expect(ok.status).toBe(200);
    const res = await submit(auth, `${base}/loop`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/redirects/);
  });

  it("enforces the size limit while streaming and the timeout", async () => {
    configure({
      FETCH_HTTP_ALLOWLIST: "127.0.0.1",
      FETCH_ALLOW_PRIVATE: "true",
      MAX_UPLOAD_BYTES: String(1024 * 1024),
      FETCH_TIMEOUT_MS: "500",
    });
    const { auth } = await makeToken();
    const big = await submit(auth, `${base}/big`);
    expect(big.status).toBe(400);
    expect(big.json.error.message).toMatch(/limit/);
    const slow = await submit(auth, `${base}/slow`);
    expect(slow.status).toBe(400);
    expect(slow.json.error.message).toMatch(/500 ms/);
    const missing = await submit(auth, `${base}/missing`);
    expect(missing.json.error.message).toMatch(/HTTP 404/);
  });

  it("needs exactly one document form", async () => {
    const { auth } = await makeToken();
    const res = await callV1(create, {
      method: "POST",
      path: "/v1/verifications",
      headers: auth,
      body: { document_url: "https://example.com/a.pdf", document_base64: "YQ==", content_type: "image/png" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/exactly one/);
  });
});
