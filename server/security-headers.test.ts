import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NON_PAGE_POLICY } from "./content-security-policy";
import { guardResponse, securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("asks browsers for HTTPS only when the service is published over HTTPS", () => {
    const hsts = (url: string) => new Map(securityHeaders(url)).get("Strict-Transport-Security");
    expect(hsts("https://credence.example")).toBe("max-age=63072000; includeSubDomains");
    expect(hsts("http://localhost:3000")).toBeUndefined();
  });
});

describe("guardResponse", () => {
  // Each path answers the way one kind of handler does; /page echoes the policy it was handed, as
  // Next.js reads the nonce from it.
  const handlers: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    "/page": (req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(String(req.headers["content-security-policy"]));
    },
    "/json": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
    "/upload": (_req, res) => {
      res.setHeader("Content-Security-Policy", "sandbox; default-src 'none'");
      res.setHeader("Content-Type", "image/svg+xml");
      res.end("<svg/>");
    },
    "/own-in-writehead": (_req, res) =>
      res.writeHead(200, { "Content-Security-Policy": "sandbox", "Content-Type": "text/html" }).end(""),
  };
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const headers = securityHeaders("https://credence.example");
    server = createServer((req, res) => {
      guardResponse(req, res, headers);
      handlers[req.url!](req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("gives a page the policy carrying the nonce its renderer was handed, fresh each time", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      // A policy sent by the client is replaced: nobody chooses the nonce but the server.
      const res = await fetch(`${base}/page`, { headers: { "content-security-policy": "script-src 'nonce-mine'" } });
      const handed = await res.text();
      expect(res.headers.get("content-security-policy")).toBe(handed);
      const nonce = /'nonce-([^']+)'/.exec(handed)![1];
      expect(nonce).not.toBe("mine");
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("gives any other answer a policy that loads nothing, with the other headers", async () => {
    const res = await fetch(`${base}/json`);
    expect(res.headers.get("content-security-policy")).toBe(NON_PAGE_POLICY);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("keeps a handler's own policy, however it was set", async () => {
    for (const path of ["/upload", "/own-in-writehead"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("content-security-policy"), path).toMatch(/^sandbox/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});
