// The delivery job on the embedded engine and the run's PostgreSQL: a slow receiver holds only its
// endpoint's share of the workers, an attempt whose endpoint was deleted completes quietly, an
// attempt claimed by a process that died is taken back and delivered, and the claim reads what
// each attempt needs (the job's preload) as the attempt's own read does.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startJobWorkers } from "../../server/jobs";
import { makeUser } from "../helpers/harness";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { claimJobs } from "../../lib/db/statements/claim-jobs";
import { findDeliveriesToAttempt, toDeliveryLookup } from "../../lib/db/statements/find-delivery-to-attempt";
import { findJobs } from "../../lib/db/statements/find-jobs";
import { insertJobs } from "../../lib/db/statements/insert-jobs";
import { insertEvents } from "../../lib/db/statements/insert-events";
import { emitEvent } from "../../lib/events/emit-event";
import { API_VERSION } from "../../lib/events/event-types";
import { newId } from "../../lib/ids";
import { getBoss, SUPERVISE_SECONDS } from "../../lib/jobs/embedded-engine";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { createEndpoint } from "../../lib/webhooks/create-endpoint";
import { deleteEndpoint } from "../../lib/webhooks/delete-endpoint";
import { DELIVERY_CONCURRENCY, deliverWebhookJob, ENDPOINT_CONCURRENCY } from "../../lib/webhooks/delivery-job";
import { RECEIVER_CONNECTIONS } from "../../lib/webhooks/send-webhook";

const SLOW_MS = 5000;
/** How long a claim lasts unless its run renews it: the heartbeat's period, else the whole lease. */
const expiry = deliverWebhookJob.lease.heartbeatSeconds ?? deliverWebhookJob.lease.seconds;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(() => {
  process.env.FETCH_ALLOW_PRIVATE = "true";
  process.env.WEBHOOK_TIME_SCALE = "0.001";
  resetEnvCache();
});

afterEach(async () => {
  await stopJobWorkers(500);
});

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver(() => 204);
  closers.push(() => r.close());
  return r;
}

/** Answers every request after SLOW_MS, and counts how many it holds at once. */
async function slowReceiver() {
  const state = { url: "", received: 0, inFlight: 0, maxInFlight: 0 };
  const server: Server = createServer((req, res) => {
    state.received++;
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    req.resume();
    const timer = setTimeout(() => res.writeHead(204).end(), SLOW_MS);
    res.on("close", () => {
      clearTimeout(timer);
      state.inFlight--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return state;
}

async function jobsOf(deliveryId: string) {
  const jobs = await findJobs(await getDb(), {
    queue: deliverWebhookJob.name,
    field: "deliveryId",
    values: [deliveryId],
  });
  return jobs.map((j) => ({ state: j.state, retryCount: j.retryCount }));
}

describe("webhook delivery job", () => {
  it("holds at most an endpoint's share of the workers for a slow receiver: another endpoint's deliveries go past it", async () => {
    const db = await getDb();
    const user = await makeUser();
    const owner = { userId: user.id, livemode: false };
    const slow = await slowReceiver();
    const fast = await receiver();
    const slowEndpoint = await createEndpoint(db, owner, { url: slow.url, events: ["verification.completed"] });
    await createEndpoint(db, owner, { url: fast.url, events: ["batch.completed"] });
    await startJobWorkers();

    // More deliveries to the slow receiver than the process has workers, queued first.
    const slowCount = DELIVERY_CONCURRENCY + 16;
    for (let i = 0; i < slowCount; i++) await emitEvent(db, { ...owner, type: "verification.completed", data: { i } });
    await vi.waitUntil(async () => slow.received > 0, { timeout: 10_000, interval: 100 });
    const sentAt = new Map<string, number>();
    for (let i = 0; i < 10; i++) {
      const { event } = await emitEvent(db, { ...owner, type: "batch.completed", data: { i } });
      sentAt.set(event.id, Date.now());
    }
    const arrived = await fast.waitFor(10, SLOW_MS);
    const waits = arrived.map((r) => r.at - sentAt.get(String(r.headers["x-service-event-id"]))!);
    expect(Math.max(...waits)).toBeLessThan(SLOW_MS - 1000);
    // The slow receiver still holds its first requests, never more than RECEIVER_CONNECTIONS at once,
    // and its endpoint holds its share of the workers, no more: the rest of its attempts wait queued.
    expect(slow.received).toBeLessThanOrEqual(RECEIVER_CONNECTIONS);
    expect(slow.maxInFlight).toBeLessThanOrEqual(RECEIVER_CONNECTIONS);
    const slowJobs = await findJobs(db, {
      queue: deliverWebhookJob.name,
      field: "endpointId",
      values: [slowEndpoint.id],
    });
    expect(slowJobs).toHaveLength(slowCount);
    expect(slowJobs.filter((j) => j.state === "active")).toHaveLength(ENDPOINT_CONCURRENCY);
    expect(ENDPOINT_CONCURRENCY).toBeLessThan(DELIVERY_CONCURRENCY);
  });

  it("completes an attempt whose endpoint was deleted quietly, without engine retries", async () => {
    const db = await getDb();
    const user = await makeUser();
    const owner = { userId: user.id, livemode: false };
    const target = await receiver();
    const endpoint = await createEndpoint(db, owner, { url: target.url });
    // In one transaction, so that no worker can take the attempt before the endpoint is gone.
    const { deliveryIds } = await db.$transaction(async (tx) => {
      const emitted = await emitEvent(tx, { ...owner, type: "verification.completed", data: {} });
      await deleteEndpoint(tx, endpoint.id, owner);
      return emitted;
    });
    expect(deliveryIds).toHaveLength(1);

    await startJobWorkers();
    const [job] = await vi.waitUntil(
      async () => {
        const jobs = await jobsOf(deliveryIds[0]);
        return jobs.length > 0 && jobs.every((j) => j.state !== "created" && j.state !== "active") && jobs;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(job).toEqual({ state: "completed", retryCount: 0 });
    expect(target.received).toHaveLength(0);
  });

  it(
    "delivers an attempt claimed by a process that died, with the same event id, once its claim expires",
    async () => {
      const db = await getDb();
      const user = await makeUser();
      const owner = { userId: user.id, livemode: false };
      const target = await receiver();
      await createEndpoint(db, owner, { url: target.url });
      // Another process writes the attempt claimed by its worker, as an event emitted there is
      // (insert-events.ts), and dies before it sends anything.
      const event = { id: newId("event"), createdAt: new Date() };
      const written = await insertEvents(db, {
        events: [
          {
            ...owner,
            ...event,
            type: "verification.completed",
            apiVersion: API_VERSION,
            data: {},
            deliveryIdStem: newId("delivery"),
          },
        ],
        jobs: { queue: deliverWebhookJob.name, claim: { limit: 1, groupLimit: ENDPOINT_CONCURRENCY, running: [] } },
      });
      expect(written.claimed).toHaveLength(1);
      const deliveryIds = written.deliveries.map((d) => d.id);
      const claimedAt = Date.now();

      await startJobWorkers();
      const [request] = await target.waitFor(1, (expiry + SUPERVISE_SECONDS + 10) * 1000);
      expect(request.headers["x-service-event-id"]).toBe(event.id);
      expect(request.at - claimedAt).toBeGreaterThanOrEqual(expiry * 1000 - 1000);
      const delivery = await vi.waitUntil(
        async () => {
          const d = await db.webhookDelivery.findUnique({ where: { id: deliveryIds[0] }, include: { attempts: true } });
          return d?.status === "succeeded" && d;
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(delivery.attempts).toHaveLength(1);
      // The run's completion goes with the worker's next claim (within its settle delay).
      const jobs = await vi.waitUntil(
        async () => {
          const found = await jobsOf(deliveryIds[0]);
          return found.every((j) => j.state !== "active") && found;
        },
        { timeout: 5_000, interval: 50 },
      );
      expect(jobs).toEqual([{ state: "completed", retryCount: 1 }]);
    },
    (expiry + SUPERVISE_SECONDS + 30) * 1000,
  );

  it("reads each claimed attempt's delivery, endpoint and event in the claim, as the attempt's own read does", async () => {
    const db = await getDb();
    const user = await makeUser();
    const owner = { userId: user.id, livemode: false };
    const target = await receiver();
    const endpoint = await createEndpoint(db, owner, { url: target.url });
    const { deliveryIds } = await emitEvent(db, { ...owner, type: "verification.completed", data: { n: 1 } });
    // On a queue of its own, so that nothing else is claimed (no worker runs here).
    const queue = `test.preload-${randomUUID()}`;
    await (await getBoss()).createQueue(queue, { name: queue, retryLimit: 0, retryDelay: 0, retryBackoff: false });
    const payloads = [
      { deliveryId: deliveryIds[0], endpointId: endpoint.id, attempt: 1 },
      { deliveryId: "whd_missing", endpointId: endpoint.id, attempt: 1 },
      { deliveryId: "whd_missing", endpointId: "we_gone", attempt: 1 },
      { deliveryId: deliveryIds[0], attempt: 2 },
    ];
    await insertJobs(db, { queue, jobs: payloads.map((data) => ({ id: randomUUID(), data })) });

    const { jobs: claimed } = await claimJobs(db, { queue, limit: 16, preload: deliverWebhookJob.preload });
    // In the order queued (a claim answers in no particular order).
    const keyOf = (data: unknown) => {
      const { deliveryId, endpointId, attempt } = data as (typeof payloads)[number];
      return `${deliveryId}/${endpointId}/${attempt}`;
    };
    const inOrder = payloads.map((p) => claimed.find((c) => keyOf(c.data) === keyOf(p)));
    expect(inOrder.map((c) => c && keyOf(c.data))).toEqual(payloads.map(keyOf));
    expect(claimed).toHaveLength(payloads.length);
    const read = await findDeliveriesToAttempt(db, payloads);
    expect(read[0].delivery?.id).toBe(deliveryIds[0]);
    expect(read.slice(1, 3)).toEqual([
      { delivery: null, endpointExists: true },
      { delivery: null, endpointExists: false },
    ]);
    expect(inOrder.map((c) => toDeliveryLookup(c!.preloaded as never))).toEqual(read);
    // A job without a preload is claimed with nothing read.
    await insertJobs(db, { queue, jobs: [{ id: randomUUID(), data: payloads[0] }] });
    expect((await claimJobs(db, { queue, limit: 16 })).jobs.map((c) => c.preloaded)).toEqual([null]);
  });
});
