// SSRF: every server-side fetch (document_url; webhook deliveries; social links, which fetch
// nothing) refuses loopback, private, link-local and metadata addresses in every spelling
// (decimal, octal, hex, short, IPv4-mapped and IPv4-compatible IPv6), names that resolve to them,
// a name with one good and one bad address, a name that changes its answer after registration
// (DNS rebinding), and redirects to any of them. Names are answered by a DNS stub on 127.0.0.1
// (FETCH_DNS_SERVERS). The "internal" listeners on 127.0.0.1 and [::1] count the connections they
// get: zero. Plain http is allowed for every host here (FETCH_HTTP_ALLOWLIST), so the address
// policy is the only thing that stands in the way.
//
// One address, 127.0.0.7, plays the public internet (a redirector and a document server): the
// policy is mocked to let exactly that address through, so a fetch that should happen does, and
// the zero counts mean the policy refused, not that nothing could connect.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createSocialLink } from "../../app/holder/social-links/route";
import { POST as parseSocialLink } from "../../app/holder/social-links/[link_id]/parse/route";
import { POST as ping } from "../../app/v1/webhooks/[id]/ping/route";
import { POST as createWebhook } from "../../app/v1/webhooks/route";
import { POST as createVerification } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { attemptDelivery } from "../../lib/webhooks/attempt-delivery";
import { type DnsStub, startDnsStub } from "../helpers/dns-stub";
import { call, callV1, makeSession, makeToken } from "../helpers/harness";
import { makeHolderProfile } from "../helpers/holder-timeline";

const { INTERNET } = vi.hoisted(() => ({ INTERNET: "127.0.0.7" }));

vi.mock("../../lib/net/address-policy", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../lib/net/address-policy")>();
  return {
    ...real,
    assertAllowedAddress: (address: string, host: string) =>
      address === INTERNET ? undefined : real.assertAllowedAddress(address, host),
  };
});

interface Listener {
  server: Server;
  port: number;
  connections: number;
  requests: string[];
}

async function listen(host: string, handler: Parameters<typeof createServer>[1] = (_q, s) => void s.end("internal")) {
  const listener: Listener = { server: createServer(handler), port: 0, connections: 0, requests: [] };
  listener.server.on("connection", () => listener.connections++);
  listener.server.on("request", (req) => listener.requests.push(req.url ?? ""));
  await new Promise<void>((resolve) => listener.server.listen(0, host, resolve));
  listener.port = (listener.server.address() as AddressInfo).port;
  return listener;
}

let internal: Listener;
let internal6: Listener;
let internet: Listener;
let dns: DnsStub;

beforeAll(async () => {
  internal = await listen("127.0.0.1");
  internal6 = await listen("::1");
  internet = await listen(INTERNET, (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/redirect") res.writeHead(302, { location: url.searchParams.get("to")! }).end();
    else if (url.pathname === "/hook-redirect")
      res.writeHead(307, { location: `http://127.0.0.1:${internal.port}/` }).end();
    else res.writeHead(200, { "content-type": "application/pdf" }).end("credence-test:MANUAL_REVIEW:certificate");
  });
  dns = await startDnsStub({
    "public.test": [INTERNET],
    "loopback.test": ["127.0.0.1"],
    "loopback6.test": ["::1"],
    "mapped.test": ["::ffff:127.0.0.1"],
    "private.test": ["10.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "linklocal.test": ["fe80::1"],
    "split.test": [INTERNET, "127.0.0.1"],
    "rebind.test": [INTERNET],
  });
});

afterAll(async () => {
  await stopJobWorkers(); // pinging queued a delivery, which opened the queue
  for (const l of [internal, internal6, internet]) await new Promise((resolve) => l.server.close(resolve));
  await dns.close();
  for (const key of ["FETCH_DNS_SERVERS", "FETCH_HTTP_ALLOWLIST", "RATE_LIMIT_SCALE"]) delete process.env[key];
  resetEnvCache();
});

/** Plain http for every host a URL here names: only the address policy may refuse them. */
function allowHttpFor(urls: string[]) {
  process.env.FETCH_DNS_SERVERS = dns.server;
  process.env.FETCH_HTTP_ALLOWLIST = urls.map((u) => new URL(u).hostname).join(",");
  delete process.env.FETCH_ALLOW_PRIVATE;
  // Dozens of refused requests a second from one token: more than a plan's burst.
  process.env.RATE_LIMIT_SCALE = "100";
  resetEnvCache();
}

const internalTargets = () => [
  `http://127.0.0.1:${internal.port}/`,
  `http://2130706433:${internal.port}/`, // decimal
  `http://0177.0.0.1:${internal.port}/`, // octal
  `http://0x7f.1:${internal.port}/`, // hex, short
  `http://0x7f000001:${internal.port}/`, // hex
  `http://127.1:${internal.port}/`, // short
  `http://0:${internal.port}/`, // 0.0.0.0, which Linux connects to this host
  `http://[::1]:${internal6.port}/`,
  `http://[::ffff:127.0.0.1]:${internal.port}/`, // IPv4-mapped
  `http://[::ffff:7f00:1]:${internal.port}/`,
  `http://[::127.0.0.1]:${internal.port}/`, // IPv4-compatible
  `http://loopback.test:${internal.port}/`,
  `http://loopback6.test:${internal6.port}/`,
  `http://mapped.test:${internal.port}/`,
  `http://split.test:${internal.port}/`, // one public address and one loopback: refused
  "http://169.254.169.254/latest/meta-data/",
  "http://metadata.test/latest/meta-data/",
  "http://[fe80::1]/",
  "http://linklocal.test/",
  "http://10.0.0.1/",
  "http://private.test/",
  "http://192.168.0.1/",
  "http://172.16.0.1/",
  "http://100.64.0.1/",
];

const REFUSED = /private, loopback, link-local or reserved|cloud metadata/;

function submit(auth: Record<string, string>, url: string) {
  return callV1(createVerification, {
    method: "POST",
    path: "/v1/verifications",
    headers: auth,
    body: { document_url: url },
  });
}

describe("document_url", () => {
  it("fetches a public document through the DNS stub (the control: a fetch that may happen, does)", async () => {
    const url = `http://public.test:${internet.port}/diploma.pdf`;
    allowHttpFor([url]);
    const { auth } = await makeToken();
    const res = await submit(auth, url);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ verdict: "MANUAL_REVIEW", file_name: "diploma.pdf" });
    expect(dns.questions).toContain("public.test A");
    expect(internet.requests).toContain("/diploma.pdf");
  });

  it("refuses every internal address, however written or resolved, without connecting", async () => {
    const targets = internalTargets();
    allowHttpFor(targets);
    const { auth, userId } = await makeToken();
    for (const url of targets) {
      const res = await submit(auth, url);
      expect(res.status, url).toBe(400);
      expect(res.json.error.message, url).toMatch(REFUSED);
    }
    expect(dns.questions).toEqual(expect.arrayContaining(["loopback.test A", "mapped.test AAAA", "split.test A"]));
    expect(await (await getDb()).verification.count({ where: { userId } })).toBe(0);
    expect([internal.connections, internal6.connections]).toEqual([0, 0]);
  });

  it("refuses a redirect to any of them, after following the public hop", async () => {
    const targets = internalTargets();
    const redirects = targets.map((to) => `http://public.test:${internet.port}/redirect?to=${encodeURIComponent(to)}`);
    allowHttpFor([...targets, ...redirects]);
    const { auth } = await makeToken();
    const before = internet.requests.length;
    for (const url of redirects) {
      const res = await submit(auth, url);
      expect(res.status, url).toBe(400);
      expect(res.json.error.message, url).toMatch(REFUSED);
    }
    expect(internet.requests.length - before).toBe(redirects.length);
    expect([internal.connections, internal6.connections]).toEqual([0, 0]);
  });
});

describe("webhooks", () => {
  const register = (auth: Record<string, string>, url: string) =>
    callV1(createWebhook, {
      method: "POST",
      path: "/v1/webhooks",
      headers: auth,
      body: { url, events: ["webhook.ping"] },
    });

  it("refuses to register an internal address, however written or resolved", async () => {
    const targets = internalTargets();
    allowHttpFor(targets);
    const { auth } = await makeToken();
    for (const url of targets) {
      const res = await register(auth, url);
      expect(res.status, url).toBe(400);
      expect(res.json.error.message, url).toMatch(REFUSED);
    }
    expect([internal.connections, internal6.connections]).toEqual([0, 0]);
  });

  it("checks the address again at delivery (DNS rebinding) and never follows a redirect", async () => {
    const rebound = `http://rebind.test:${internal.port}/hook`;
    const redirecting = `http://public.test:${internet.port}/hook-redirect`;
    allowHttpFor([rebound, redirecting]);
    const { auth } = await makeToken();
    const db = await getDb();
    const attempts: string[] = [];
    for (const url of [rebound, redirecting]) {
      dns.records.set("rebind.test", [INTERNET]);
      const endpoint = await register(auth, url);
      expect(endpoint.status, endpoint.text).toBe(200);
      dns.records.set("rebind.test", ["127.0.0.1"]);
      const pinged = await callV1(ping, {
        method: "POST",
        path: `/v1/webhooks/${endpoint.json.id}/ping`,
        headers: auth,
        params: { id: endpoint.json.id },
      });
      expect(pinged.status).toBe(202);
      // The attempt the delivery job makes, run here (no job workers in this file).
      await attemptDelivery(db, pinged.json.id, 1);
      const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: pinged.json.id } });
      attempts.push(`${attempt.statusCode} ${attempt.error}`);
    }
    expect(attempts[0]).toMatch(/^null rebind\.test resolves to 127\.0\.0\.1, a private, loopback/);
    expect(attempts[1]).toMatch(/^307 HTTP 307/);
    expect(internet.requests).toContain("/hook-redirect");
    expect([internal.connections, internal6.connections]).toEqual([0, 0]);
  });
});

describe("social links", () => {
  it("store and parse an address pointing inside without fetching it", async () => {
    const { auth, user } = await makeSession();
    await makeHolderProfile(user.id);
    const created = await call(createSocialLink, {
      method: "POST",
      path: "/holder/social-links",
      headers: auth,
      body: { platform: "website", url: `https://127.0.0.1:${internal.port}/` },
    });
    if (created.status === 201) {
      const id = created.json.id as string;
      await call(parseSocialLink, {
        method: "POST",
        path: `/holder/social-links/${id}/parse`,
        headers: auth,
        params: { link_id: id },
      });
    } else expect(created.status).toBe(422);
    expect([internal.connections, internal6.connections]).toEqual([0, 0]);
  });
});
