// The production server's /v1 front (server/app-server.ts) over real HTTP: matched API routes and
// the health probe are answered by the real handlers on the real database; everything else reaches
// the fallback, which is Next.js in production and a marker here.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "../../server/app-server";
import { makeToken } from "../helpers/harness";
import { expectMatchesOpenApi } from "../helpers/openapi";

let server: Server;
let base: string;
const fellThrough: string[] = [];

beforeAll(async () => {
  server = createAppServer((req, res) => {
    fellThrough.push(`${req.method} ${req.url}`);
    res.writeHead(418, { "content-type": "text/plain" }).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function served(res: Response) {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

describe("the /v1 front", () => {
  it("creates and reads a verification through the real handlers, with the API's headers", async () => {
    const { auth } = await makeToken();
    const document = Buffer.from("credence-test:SUSPECT:diploma").toString("base64");
    const created = await served(
      await fetch(`${base}/v1/verifications`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ document_base64: document, content_type: "application/pdf" }),
      }),
    );
    expect(created.status).toBe(200);
    await expectMatchesOpenApi("POST", "/v1/verifications", created);
    expect(created.headers.get("x-request-id")).toMatch(/^req_/);
    expect(created.headers.get("x-service-environment")).toBe("test");
    expect(created.headers.get("x-ratelimit-limit")).not.toBeNull();
    const id = (created.json as { id: string; verdict: string }).id;
    expect((created.json as { verdict: string }).verdict).toBe("SUSPECT");

    const read = await served(
      await fetch(`${base}/v1/verifications/${encodeURIComponent(id)}?expand=none`, { headers: auth }),
    );
    expect(read.status).toBe(200);
    await expectMatchesOpenApi("GET", `/v1/verifications/${id}`, read);
    expect(read.json).toEqual(created.json);
  });

  it("streams a multipart upload to the handler", async () => {
    const { auth } = await makeToken();
    const form = new FormData();
    form.set("file", new Blob([Buffer.from("credence-test:REJECTED:payslip")], { type: "application/pdf" }), "d.pdf");
    const res = await served(await fetch(`${base}/v1/verifications`, { method: "POST", headers: auth, body: form }));
    expect(res.status).toBe(200);
    expect((res.json as { verdict: string }).verdict).toBe("REJECTED");
  });

  it("answers errors in the API's envelope (no token, unknown id)", async () => {
    const anonymous = await served(await fetch(`${base}/v1/verifications`));
    expect(anonymous.status).toBe(401);
    await expectMatchesOpenApi("GET", "/v1/verifications", anonymous);
    const { auth } = await makeToken();
    const missing = await served(await fetch(`${base}/v1/verifications/ver_doesnotexist`, { headers: auth }));
    expect(missing.status).toBe(404);
    expect((missing.json as { error: { code: string } }).error.code).toBe("not_found");
  });

  it("prefers a static segment over a parameter (batch is not an id)", async () => {
    const { auth } = await makeToken({ plan: "pro" });
    const res = await served(
      await fetch(`${base}/v1/verifications/batch`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ items: [] }),
      }),
    );
    expect(res.status).toBe(403);
    expect((res.json as { error: { code: string } }).error.code).toBe("plan_required");
  });

  it("gzips the large text answers for clients that accept it, and only for them", async () => {
    const { auth } = await makeToken();
    for (const verdict of ["VERIFIED", "SUSPECT", "REJECTED"]) {
      const form = new FormData();
      form.append("file", new Blob([`credence-test:${verdict}`], { type: "application/pdf" }), "d.pdf");
      const created = await fetch(`${base}/v1/verifications`, { method: "POST", headers: auth, body: form });
      expect(created.status).toBe(200);
    }
    const list = `${base}/v1/verifications?limit=3`;
    const plain = await fetch(list, { headers: { ...auth, "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const page = await plain.text();
    expect(page.length).toBeGreaterThan(1024);
    const gzipped = await fetch(list, { headers: { ...auth, "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toContain("Accept-Encoding");
    expect(await gzipped.text()).toBe(page); // fetch inflates it
    const small = await fetch(`${base}/v1/account`, { headers: { ...auth, "accept-encoding": "gzip" } });
    expect(small.status).toBe(200);
    expect(small.headers.get("content-encoding")).toBeNull();
  });

  it("leaves everything else to Next.js: other paths, unknown API paths, other methods, trailing slashes", async () => {
    fellThrough.length = 0;
    const { auth } = await makeToken();
    for (const [method, url] of [
      ["GET", "/dashboard"],
      ["GET", "/v1/nothing-here"],
      ["GET", "/v1/verifications/"],
      ["HEAD", "/v1/verifications"],
      ["GET", "/v1/verifications/batch"],
      ["GET", "/v1/verifications/%E0%A4%A"],
      ["GET", "/v1"],
    ] as const) {
      const res = await fetch(`${base}${url}`, { method, headers: auth, redirect: "manual" });
      expect(res.status, `${method} ${url}`).toBe(418);
    }
    expect(fellThrough).toHaveLength(7);
  });

  it("answers the health probe with its route's handler, before Next.js", async () => {
    fellThrough.length = 0;
    const res = await served(await fetch(`${base}/healthz`));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", db: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    for (const [method, url] of [
      ["HEAD", "/healthz"],
      ["GET", "/healthz/"],
      ["POST", "/healthz"],
    ] as const) {
      expect((await fetch(`${base}${url}`, { method, redirect: "manual" })).status, `${method} ${url}`).toBe(418);
    }
    expect(fellThrough).toEqual(["HEAD /healthz", "GET /healthz/", "POST /healthz"]);
  });

  it("keeps an idle connection open longer than a load balancer's idle timeout, and says so", async () => {
    // A shorter server-side idle time lets the server close a connection a client is reusing.
    for (const url of ["/healthz", "/dashboard"]) {
      const res = await fetch(`${base}${url}`);
      await res.arrayBuffer();
      expect(res.headers.get("keep-alive"), url).toBe("timeout=65");
    }
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it("puts the security headers on every answer, API and pages alike", async () => {
    const { auth } = await makeToken();
    for (const url of ["/v1/verifications", "/dashboard"]) {
      const res = await fetch(`${base}${url}`, { headers: auth });
      expect(res.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), url).toBe("DENY");
      expect(res.headers.get("content-security-policy"), url).toContain("frame-ancestors 'none'");
      expect(res.headers.get("referrer-policy"), url).toBe("strict-origin-when-cross-origin");
      // APP_URL is http here: HSTS only when the service is published over HTTPS.
      expect(res.headers.get("strict-transport-security"), url).toBeNull();
    }
  });
});
