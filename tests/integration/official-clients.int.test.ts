// The official clients (clients/node, clients/python) against a real Credence: the production
// server's /v1 front (server/app-server.ts) over HTTP, on this worker's PostgreSQL, with the job
// workers delivering webhooks and the engine pool running (its fast stand-in worker: these tests
// are about the clients, not analysis). The Node client runs in-process; the Python client's
// unittest suite runs as a child process against the same server, and must pass with nothing skipped.
import { spawn } from "node:child_process";
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Credence,
  NotFoundError,
  RateLimitError,
  SignatureVerificationError,
  webhooks,
  type WebhookEvent,
} from "../../clients/node/src/index";
import { getDb } from "../../lib/db";
import { closeEnginePool, configureEnginePool } from "../../lib/engine";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { createAppServer } from "../../server/app-server";
import { startJobWorkers } from "../../server/jobs";
import { startDropProxy } from "../helpers/drop-proxy";
import { makeToken } from "../helpers/harness";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const ROOT = path.resolve(__dirname, "../..");
const STAND_IN = path.join(ROOT, "tests/fixtures/engine-stand-in-worker.mjs");

let server: Server;
let control: Server;
let base: string;
let scratch: string;
const receivers: WebhookReceiver[] = [];

/**
 * Overdraws a token's rate-limit bucket: requests in the next 1.6 s (16 tokens short at the Pro
 * plan's 10 per second, a margin for a loaded machine) are answered 429 with Retry-After 1-2 s.
 */
async function drainBucket(tokenId: string) {
  const db = await getDb();
  const state = { tokens: -15, updatedAt: new Date() };
  await db.rateLimitBucket.upsert({ where: { tokenId }, create: { tokenId, ...state }, update: state });
}

beforeAll(async () => {
  process.env.FETCH_ALLOW_PRIVATE = "true";
  process.env.WEBHOOK_TIME_SCALE = "0.001";
  resetEnvCache();
  await configureEnginePool({ workers: 1, queue: 8, deadlineMs: 60_000, filename: STAND_IN });
  await startJobWorkers();
  server = createAppServer((_req, res) => void res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  scratch = mkdtempSync(path.join(tmpdir(), "credence-clients-"));
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  if (control) await new Promise((resolve) => control.close(resolve));
  await new Promise((resolve) => server.close(resolve));
  server.closeAllConnections();
  await stopJobWorkers();
  await closeEnginePool();
  rmSync(scratch, { recursive: true, force: true });
  delete process.env.FETCH_ALLOW_PRIVATE;
  delete process.env.WEBHOOK_TIME_SCALE;
  resetEnvCache();
});

const doc = (text: string) => Buffer.from(`credence-test:${text}`);
const client = (apiKey: string, options: ConstructorParameters<typeof Credence>[0] = {}) =>
  new Credence({ apiKey, baseUrl: base, ...options });

describe("Node client (@credence/client) against the running server", () => {
  it("creates from a path, a Buffer, a stream and base64, and retrieves; unknown ids throw NotFoundError", async () => {
    const { secret } = await makeToken();
    const credence = client(secret);
    const file = path.join(scratch, "diploma.pdf");
    writeFileSync(file, doc("SUSPECT:diploma"));

    const fromPath = await credence.verifications.create({ file });
    expect(fromPath).toMatchObject({ verdict: "SUSPECT", doc_type: "diploma", file_name: "diploma.pdf" });
    expect(fromPath.content_type).toBe("application/pdf");
    expect(fromPath.lastResponse.requestId).toMatch(/^req_/);
    const fromBuffer = await credence.verifications.create({ file: doc("REJECTED"), fileName: "a.png" });
    expect(fromBuffer).toMatchObject({ verdict: "REJECTED", content_type: "image/png" });
    const fromStream = await credence.verifications.create({ file: createReadStream(file), mode: "deep" });
    expect(fromStream).toMatchObject({ verdict: "SUSPECT", file_name: "diploma.pdf", mode: "deep" });
    const fromBase64 = await credence.verifications.create({
      document_base64: doc("MANUAL_REVIEW").toString("base64"),
      content_type: "application/pdf",
    });
    expect(fromBase64.verdict).toBe("MANUAL_REVIEW");

    expect(await credence.verifications.retrieve(fromPath.id)).toEqual(fromPath);
    const missing = await credence.verifications.retrieve("ver_doesnotexist").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: "not_found", status: 404, requestId: expect.stringMatching(/^req_/) });
  });

  it("pages through a list with the async iterator, newest first, and filters", async () => {
    const { secret } = await makeToken();
    const credence = client(secret);
    const created: string[] = [];
    for (const verdict of ["VERIFIED", "REJECTED", "VERIFIED", "SUSPECT", "VERIFIED"])
      created.push((await credence.verifications.create({ file: doc(verdict), contentType: "application/pdf" })).id);

    const first = await credence.verifications.list({ limit: 2 });
    expect(first).toMatchObject({ object: "list", has_more: true });
    expect(first.data.map((v) => v.id)).toEqual(created.slice(-2).reverse());
    const pages = [];
    for await (const page of credence.verifications.list({ limit: 2 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 1]);
    const ids = [];
    for await (const v of credence.verifications.list({ limit: 2 })) ids.push(v.id);
    expect(ids).toEqual([...created].reverse());
    expect((await credence.verifications.list({ verdict: "VERIFIED", limit: 100 }).toArray()).length).toBe(3);
  });

  it("submits a batch (Business plan) and reads it until completed", async () => {
    const { secret } = await makeToken({ plan: "business" });
    const credence = client(secret);
    const batch = await credence.batches.create({
      documents: [
        { base64: doc("VERIFIED").toString("base64"), content_type: "application/pdf" },
        { base64: doc("REJECTED").toString("base64"), content_type: "application/pdf" },
      ],
    });
    expect(batch).toMatchObject({ object: "batch", total: 2 });
    expect(batch.lastResponse.status).toBe(202);
    let current = batch;
    for (const deadline = Date.now() + 20_000; current.status !== "completed" && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await credence.batches.retrieve(batch.id);
    }
    expect(current).toMatchObject({ status: "completed", completed: 2, failed: 0 });
    const verdicts = await Promise.all(
      current.items.map(async (item) => (await credence.verifications.retrieve(item.verification_id!)).verdict),
    );
    expect(verdicts.sort()).toEqual(["REJECTED", "VERIFIED"]);
  });

  it("retries a live verification after a dropped connection with the same key: one verification, one charge", async () => {
    const { secret } = await makeToken({ mode: "live" });
    const proxy = await startDropProxy(new URL(base), 1);
    try {
      const direct = client(secret);
      const before = (await direct.account.retrieve()).credits.used;
      const verification = await client(secret, { baseUrl: proxy.url }).verifications.create({
        file: Buffer.from(`live document ${Math.random()}`),
        fileName: "scan.png",
      });
      expect(verification.lastResponse).toMatchObject({ attempts: 2, replayed: true });
      expect(proxy.keys).toHaveLength(2);
      expect(proxy.keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(proxy.keys[1]).toBe(proxy.keys[0]);
      expect((await direct.verifications.list().toArray()).map((v) => v.id)).toEqual([verification.id]);
      expect((await direct.account.retrieve()).credits.used).toBe(before + 1);
    } finally {
      await proxy.close();
    }
  });

  it("waits out a 429 as Retry-After says, and throws RateLimitError when told not to retry", async () => {
    const { secret, token } = await makeToken();
    await drainBucket(token.id);
    const refused = await client(secret, { maxRetries: 0 })
      .account.retrieve()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited", requestId: expect.stringMatching(/^req_/) });
    expect([1, 2]).toContain((refused as RateLimitError).retryAfter);

    await drainBucket(token.id);
    const started = Date.now();
    const account = await client(secret).account.retrieve();
    expect(account.lastResponse.attempts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("receives a webhook and verifies it with webhooks.constructEvent; a tampered body is refused", async () => {
    const { secret } = await makeToken();
    const credence = client(secret);
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const endpoint = await credence.webhookEndpoints.create({ url: receiver.url, events: ["verification.completed"] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const verification = await credence.verifications.create({ file: doc("VERIFIED:passport"), fileName: "p.pdf" });

    const [delivery] = await receiver.waitFor(1);
    const header = delivery.headers["x-service-signature"] as string;
    const event: WebhookEvent = credence.webhooks.constructEvent(delivery.body, header, endpoint.secret);
    expect(event).toMatchObject({ type: "verification.completed", data: { verification: { id: verification.id } } });
    const tampered = Buffer.from(delivery.body.toString("utf8").replace('"VERIFIED"', '"REJECTED"'));
    expect(() => webhooks.constructEvent(tampered, header, endpoint.secret)).toThrow(SignatureVerificationError);
    expect(() => webhooks.constructEvent(delivery.body, header, "whsec_wrong")).toThrow(/no v1 signature/);
    expect(() => webhooks.constructEvent(delivery.body, header, endpoint.secret, 300, Date.now() / 1000 + 301)).toThrow(
      /more than 300 s/,
    );

    const listed = await credence.webhookEndpoints.list().toArray();
    expect(listed.map((e) => e.id)).toEqual([endpoint.id]);
    const events = await credence.events.list({ type: "verification.completed" }).toArray();
    expect(events[0].id).toBe(event.id);
    expect((await credence.events.retrieve(event.id)).id).toBe(event.id);
    const deliveries = await credence.webhookEndpoints.deliveries.list(endpoint.id).toArray();
    expect(deliveries.length).toBeGreaterThanOrEqual(1);
    await credence.webhookEndpoints.ping(endpoint.id);
    const rotated = await credence.webhookEndpoints.rotateSecret(endpoint.id);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(await credence.webhookEndpoints.delete(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
  });
});

describe("Python client (clients/python) against the running server", () => {
  it("passes its unittest suite with test and live tokens, nothing skipped", { timeout: 180_000 }, async () => {
    const testToken = await makeToken();
    const liveToken = await makeToken({ mode: "live" });
    const businessToken = await makeToken({ plan: "business" });
    const limitedToken = await makeToken();
    // Lets the suite empty its rate-limit token's bucket right before the call that must meet a 429.
    control = createServer((req, res) => {
      if (req.method !== "POST" || req.url !== "/drain") return void res.writeHead(404).end();
      drainBucket(limitedToken.token.id).then(
        () => res.writeHead(204).end(),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));

    // CREDENCE_TEST_PYTHON picks another interpreter (the client supports Python 3.9 and later).
    const run = spawn(
      process.env.CREDENCE_TEST_PYTHON ?? "python3",
      ["-m", "unittest", "discover", "-s", "clients/python/tests", "-t", "clients/python"],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PYTHONPATH: path.join(ROOT, "clients/python"),
          PYTHONDONTWRITEBYTECODE: "1",
          CREDENCE_API_URL: base,
          CREDENCE_TEST_TOKEN: testToken.secret,
          CREDENCE_LIVE_TOKEN: liveToken.secret,
          CREDENCE_BUSINESS_TOKEN: businessToken.secret,
          CREDENCE_LIMITED_TOKEN: limitedToken.secret,
          CREDENCE_DRAIN_URL: `http://127.0.0.1:${(control.address() as AddressInfo).port}/drain`,
        },
      },
    );
    let output = "";
    run.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => run.on("close", resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/\nOK\s*$/);
    expect(output).toMatch(/Ran (\d{2,}) tests/);
  });
});
