// End to end with the embedded engine (pg-boss on the test PostgreSQL) and a real local receiver:
// signed deliveries, the ladder's offsets, permanently_failed after nine failures, replay, and a
// restart of the workers in the middle of a ladder.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as listDeliveriesRoute } from "../../app/v1/webhooks/[id]/deliveries/route";
import { POST as replayRoute } from "../../app/v1/webhooks/[id]/deliveries/[delivery_id]/replay/route";
import { POST as pingRoute } from "../../app/v1/webhooks/[id]/ping/route";
import { POST as rotateRoute } from "../../app/v1/webhooks/[id]/rotate-secret/route";
import { POST as createWebhook } from "../../app/v1/webhooks/route";
import { POST as createVerification } from "../../app/v1/verifications/route";
import { getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { emitEvent } from "../../lib/events/emit-event";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { startJobWorkers } from "../../server/jobs";
import { LADDER_SECONDS } from "../../lib/webhooks/ladder";
import { SWEEP_GRACE_MS, sweepDueDeliveries } from "../../lib/webhooks/sweep-deliveries";
import { newId } from "../../lib/ids";
import { verifyWebhookSignature } from "../../lib/webhooks/verify-signature";
import { callV1, makeToken } from "../helpers/harness";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const receivers: WebhookReceiver[] = [];

function setScale(scale: number) {
  process.env.WEBHOOK_TIME_SCALE = String(scale);
  resetEnvCache();
}

beforeAll(async () => {
  process.env.FETCH_ALLOW_PRIVATE = "true";
  setScale(0.001);
  await startJobWorkers();
});

afterEach(async () => {
  setScale(0.001);
  await startJobWorkers(); // a no-op unless a test left them stopped
});

afterAll(async () => {
  await stopJobWorkers();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const r = await startWebhookReceiver(...args);
  receivers.push(r);
  return r;
}

async function register(auth: Record<string, string>, url: string, events?: string[]) {
  const res = await callV1(createWebhook, {
    method: "POST",
    path: "/v1/webhooks",
    headers: auth,
    body: { url, ...(events ? { events } : {}) },
  });
  expect(res.status).toBe(200);
  return res.json as { id: string; secret: string };
}

async function deliveriesOf(auth: Record<string, string>, endpointId: string) {
  const res = await callV1(listDeliveriesRoute, {
    path: `/v1/webhooks/${endpointId}/deliveries`,
    headers: auth,
    params: { id: endpointId },
  });
  expect(res.status).toBe(200);
  return res.json.data as Array<{
    id: string;
    status: string;
    attempt_count: number;
    replay_of: string | null;
    attempts: Array<{
      number: number;
      scheduled_for: string;
      started_at: string;
      latency_ms: number;
      status_code: number | null;
      succeeded: boolean;
      response_snippet: string | null;
    }>;
  }>;
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Each attempt after the first is scheduled its ladder wait after the previous attempt ended, and starts no earlier. */
function expectLadderOffsets(attempts: Awaited<ReturnType<typeof deliveriesOf>>[number]["attempts"], scale: number) {
  for (let i = 1; i < attempts.length; i++) {
    const prev = attempts[i - 1];
    const prevEnd = Date.parse(prev.started_at) + prev.latency_ms;
    const wait = LADDER_SECONDS[i] * 1000 * scale;
    const scheduled = Date.parse(attempts[i].scheduled_for);
    expect(
      Math.abs(scheduled - prevEnd - wait),
      `attempt ${i + 1} scheduled ${scheduled - prevEnd} ms after attempt ${i}, ladder says ${wait}`,
    ).toBeLessThanOrEqual(2);
    expect(Date.parse(attempts[i].started_at)).toBeGreaterThanOrEqual(scheduled);
  }
}

describe("webhook delivery (embedded engine)", () => {
  it("delivers verification.completed from a test-mode verification, signed over the raw body", async () => {
    const r = await receiver();
    const { auth } = await makeToken();
    const endpoint = await register(auth, r.url, ["verification.completed"]);
    const verification = await callV1(createVerification, {
      method: "POST",
      path: "/v1/verifications",
      headers: auth,
      body: {
        document_base64: Buffer.from("credence-test:VERIFIED:diploma").toString("base64"),
        content_type: "application/pdf",
      },
    });
    expect(verification.status).toBe(200);

    const [request] = await r.waitFor(1);
    const signature = request.headers["x-service-signature"] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(request.body, signature, endpoint.secret)).toEqual({
      ok: true,
      timestamp: expect.any(Number),
    });
    expect(verifyWebhookSignature(request.body, signature, "whsec_wrong").ok).toBe(false);
    expect(request.headers["content-type"]).toBe("application/json");

    const envelope = JSON.parse(request.body.toString("utf8"));
    expect(envelope).toMatchObject({ object: "event", type: "verification.completed", livemode: false });
    expect(envelope.id).toMatch(/^evt_/);
    expect(envelope.api_version).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(envelope.data.verification.id).toBe(verification.json.id);
    expect(request.headers["x-service-event-id"]).toBe(envelope.id);

    const [delivery] = await until(
      () => deliveriesOf(auth, endpoint.id),
      (d) => d[0]?.status === "succeeded",
    );
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({
      number: 1,
      status_code: 200,
      succeeded: true,
      response_snippet: "status 200",
    });
    // Subscribed to verification.completed only: nothing else arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.received).toHaveLength(1);
  });

  it("retries a failing receiver on the ladder: two failures then success give three attempts", async () => {
    const r = await receiver((req) => (req.index <= 2 ? 500 : 200));
    const { auth } = await makeToken();
    const endpoint = await register(auth, r.url);
    const ping = await callV1(pingRoute, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/ping`,
      headers: auth,
      params: { id: endpoint.id },
    });
    expect(ping.status).toBe(202);

    const arrivals = await r.waitFor(3);
    const [delivery] = await until(
      () => deliveriesOf(auth, endpoint.id),
      (d) => d[0]?.status === "succeeded",
    );
    expect(delivery.attempts.map((a) => [a.number, a.status_code, a.succeeded])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expectLadderOffsets(delivery.attempts, 0.001);
    // At the receiver: 30 s and 2 min apart (scaled), give or take the queue's polling.
    expect(arrivals[1].at - arrivals[0].at).toBeGreaterThanOrEqual(30 - 5);
    expect(arrivals[2].at - arrivals[1].at).toBeGreaterThanOrEqual(120 - 5);
    const ids = new Set(arrivals.map((a) => a.headers["x-service-event-id"]));
    expect(ids.size).toBe(1); // the same event each time: receivers deduplicate on it
  });

  it("marks a delivery permanently_failed after nine failures; a replay delivers it again", async () => {
    setScale(0.00001); // the 45-hour ladder in about 1.6 s
    const r = await receiver(() => 503);
    const { auth } = await makeToken();
    const endpoint = await register(auth, r.url);
    await callV1(pingRoute, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/ping`,
      headers: auth,
      params: { id: endpoint.id },
    });

    const [failed] = await until(
      () => deliveriesOf(auth, endpoint.id),
      (d) => d[0]?.status === "permanently_failed",
      40_000,
    );
    expect(failed.attempt_count).toBe(9);
    expect(failed.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(failed.attempts.every((a) => a.status_code === 503 && !a.succeeded)).toBe(true);
    expectLadderOffsets(failed.attempts, 0.00001);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.received).toHaveLength(9); // no tenth attempt

    r.respond(() => 200);
    const replay = await callV1(replayRoute, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/replay`,
      headers: auth,
      params: { id: endpoint.id, delivery_id: failed.id },
    });
    expect(replay.status).toBe(202);
    expect(replay.json).toMatchObject({ replay_of: failed.id, status: "pending", attempt_count: 0 });
    await r.waitFor(10);
    const all = await until(
      () => deliveriesOf(auth, endpoint.id),
      (d) => d.find((x) => x.id === replay.json.id)?.status === "succeeded",
    );
    expect(all.find((x) => x.id === failed.id)?.status).toBe("permanently_failed");
    expect(r.received[9].headers["x-service-event-id"]).toBe(r.received[0].headers["x-service-event-id"]);
  }, 60_000);

  it("loses nothing across a restart of the workers in the middle of a ladder", async () => {
    setScale(0.1); // attempt 2 is due 3 s after attempt 1
    const r = await receiver((req) => (req.index === 1 ? 500 : 200));
    const { auth, userId } = await makeToken();
    const endpoint = await register(auth, r.url);
    await callV1(pingRoute, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/ping`,
      headers: auth,
      params: { id: endpoint.id },
    });
    await r.waitFor(1);
    await until(
      () => deliveriesOf(auth, endpoint.id),
      (d) => d[0]?.attempt_count === 1,
    );

    await stopJobWorkers();
    // Meanwhile: attempt 2 comes due, and a new event is emitted with nobody working the queue.
    await emitEvent(await getDb(), {
      userId,
      livemode: false,
      type: "batch.completed",
      data: { batch: { id: "bat_test", total: 1, succeeded: 1, failed: 0, item_ids: ["bti_test"] } },
    });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(r.received).toHaveLength(1); // attempt 2 is overdue, the new event waiting: nobody works the queue

    await startJobWorkers();
    const arrivals = await r.waitFor(3);
    const types = arrivals.map((a) => JSON.parse(a.body.toString("utf8")).type).sort();
    expect(types).toEqual(["batch.completed", "webhook.ping", "webhook.ping"]);
    const deliveries = await until(
      () => deliveriesOf(auth, endpoint.id),
      (d) => d.length === 2 && d.every((x) => x.status === "succeeded"),
    );
    const ping = deliveries.find((d) => d.attempts.length === 2);
    expect(ping?.attempts.map((a) => a.succeeded)).toEqual([false, true]);
  });

  it("signs with the new secret after a rotation", async () => {
    const r = await receiver();
    const { auth } = await makeToken();
    const endpoint = await register(auth, r.url);
    const rotated = await callV1(rotateRoute, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/rotate-secret`,
      headers: auth,
      params: { id: endpoint.id },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(rotated.json.secret).not.toBe(endpoint.secret);
    await callV1(pingRoute, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/ping`,
      headers: auth,
      params: { id: endpoint.id },
    });
    const [request] = await r.waitFor(1);
    const header = request.headers["x-service-signature"] as string;
    expect(verifyWebhookSignature(request.body, header, rotated.json.secret).ok).toBe(true);
    expect(verifyWebhookSignature(request.body, header, endpoint.secret).ok).toBe(false);
  });

  it("the sweeper re-queues a due delivery whose job was lost", async () => {
    const r = await receiver();
    const { auth, userId } = await makeToken();
    const endpoint = await register(auth, r.url);
    const db = await getDb();
    // An event and delivery written without any queued job, overdue by more than the grace.
    const event = await db.event.create({
      data: {
        id: newId("event"),
        userId,
        livemode: false,
        type: "token.rotated",
        apiVersion: "2026-11-01",
        data: { token: { id: "tok_x" } },
      },
    });
    const overdue = new Date(Date.now() - SWEEP_GRACE_MS - 1000);
    const delivery = await db.webhookDelivery.create({
      data: { id: newId("delivery"), eventId: event.id, endpointId: endpoint.id, nextAttemptAt: overdue },
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(r.received).toHaveLength(0);

    expect(await sweepDueDeliveries(db)).toBeGreaterThanOrEqual(1);
    const [request] = await r.waitFor(1);
    expect(request.headers["x-service-delivery-id"]).toBe(delivery.id);
    await until(
      () => db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } }),
      (d) => d.status === "succeeded",
    );
    // A second sweep finds nothing due for it.
    await sweepDueDeliveries(db);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(r.received).toHaveLength(1);
  });
});
