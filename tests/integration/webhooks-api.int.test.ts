// /v1/webhooks and /v1/events: registration rules, listing, reading, deleting, scopes and
// ownership. Every answer is checked against the served OpenAPI document (callV1).
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { GET as getEvent } from "../../app/v1/events/[id]/route";
import { GET as listEventsRoute } from "../../app/v1/events/route";
import { GET as listDeliveries } from "../../app/v1/webhooks/[id]/deliveries/route";
import { POST as replay } from "../../app/v1/webhooks/[id]/deliveries/[delivery_id]/replay/route";
import { POST as ping } from "../../app/v1/webhooks/[id]/ping/route";
import { POST as rotate } from "../../app/v1/webhooks/[id]/rotate-secret/route";
import { DELETE as remove, GET as getOne } from "../../app/v1/webhooks/[id]/route";
import { GET as list, POST as create } from "../../app/v1/webhooks/route";
import { getDb } from "../../lib/db";
import { findJobs } from "../../lib/db/statements/find-jobs";
import { resetEnvCache } from "../../lib/env";
import { emitEvent } from "../../lib/events/emit-event";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { decrypt } from "../../lib/storage";
import { deliverWebhookJob } from "../../lib/webhooks/delivery-job";
import { callV1, makeToken } from "../helpers/harness";

const allowPrivate = (value: boolean) => {
  process.env.FETCH_ALLOW_PRIVATE = String(value);
  resetEnvCache();
};
afterEach(() => allowPrivate(true));
afterAll(() => stopJobWorkers()); // enqueuing opened the queue
allowPrivate(true);

const LOCAL = "http://127.0.0.1:9/hooks"; // never called: these tests do not start the workers

async function register(auth: Record<string, string>, body: object) {
  return callV1(create, { method: "POST", path: "/v1/webhooks", headers: auth, body });
}

describe("POST /v1/webhooks", () => {
  it("registers an endpoint and returns its whsec_ secret once, stored encrypted", async () => {
    const { auth, userId } = await makeToken();
    const res = await register(auth, {
      url: LOCAL,
      events: ["verification.completed", "batch.completed"],
      description: "orders",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      object: "webhook_endpoint",
      url: LOCAL,
      events: ["verification.completed", "batch.completed"],
      description: "orders",
      enabled: true,
      livemode: false,
    });
    expect(res.json.id).toMatch(/^we_/);
    expect(res.json.secret).toMatch(/^whsec_/);
    expect(res.json.secret.startsWith(res.json.secret_prefix)).toBe(true);

    const row = await (await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row.userId).toBe(userId);
    expect(row.secretEncrypted).not.toContain(res.json.secret);
    expect(decrypt(Buffer.from(row.secretEncrypted, "base64")).toString()).toBe(res.json.secret);

    const again = await callV1(getOne, {
      path: `/v1/webhooks/${res.json.id}`,
      headers: auth,
      params: { id: res.json.id },
    });
    expect(again.status).toBe(200);
    expect(again.json.secret).toBeUndefined();
    expect(again.json.secret_prefix).toBe(res.json.secret_prefix);
  });

  it("wants https for live-mode endpoints", async () => {
    const { auth } = await makeToken({ mode: "live" });
    const res = await register(auth, { url: "http://example.com/hooks" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "invalid_request", message: expect.stringMatching(/https/) });
  });

  it("refuses private and loopback targets unless the operator allows them", async () => {
    allowPrivate(false);
    const { auth } = await makeToken();
    for (const url of [LOCAL, "http://10.0.0.5/hooks", "http://[::1]/hooks", "http://169.254.169.254/"]) {
      const res = await register(auth, { url });
      expect(res.status, url).toBe(400);
      expect(res.json.error.message).toMatch(/private|loopback|metadata/);
    }
  });

  it("validates the body strictly", async () => {
    const { auth } = await makeToken();
    const cases: Array<[object, RegExp]> = [
      [{}, /url/],
      [{ url: "not a url" }, /absolute URL/],
      [{ url: LOCAL, events: ["verification.exploded"] }, /events/],
      [{ url: LOCAL, events: ["batch.completed", "batch.completed"] }, /twice/],
      [{ url: LOCAL, secret: "mine" }, /unknown field/],
      [{ url: "ftp://example.com/x" }, /https/],
    ];
    for (const [body, message] of cases) {
      const res = await register(auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
  });

  it("needs the webhooks:write scope", async () => {
    const { auth } = await makeToken({ scopes: ["webhooks:read"] });
    const res = await register(auth, { url: LOCAL });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("insufficient_scope");
  });
});

describe("GET /v1/webhooks", () => {
  it("lists the caller's endpoints of the token's mode, newest first, with cursor pagination", async () => {
    const { auth, userId } = await makeToken();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await register(auth, { url: `${LOCAL}/${i}` })).json.id);
    const other = await makeToken();
    await register(other.auth, { url: LOCAL });
    const live = await makeToken({ mode: "live", userId });
    await register(live.auth, { url: "https://127.0.0.1/live" });

    const first = await callV1(list, { path: "/v1/webhooks?limit=2", headers: auth });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ object: "list", has_more: true, next_cursor: ids[1] });
    expect(first.json.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.json.data[0].secret).toBeUndefined();
    const second = await callV1(list, { path: `/v1/webhooks?limit=2&starting_after=${ids[1]}`, headers: auth });
    expect(second.json).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.json.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);

    expect((await callV1(list, { path: "/v1/webhooks?limit=0", headers: auth })).status).toBe(400);
    expect((await callV1(list, { path: "/v1/webhooks?limit=101", headers: auth })).status).toBe(400);
  });
});

describe("one endpoint", () => {
  it("is not found for another user or the other mode; DELETE removes it and its deliveries", async () => {
    const { auth, userId } = await makeToken();
    const endpoint = (await register(auth, { url: LOCAL })).json;
    const stranger = await makeToken();
    const live = await makeToken({ mode: "live", userId });
    for (const who of [stranger.auth, live.auth]) {
      const res = await callV1(getOne, {
        path: `/v1/webhooks/${endpoint.id}`,
        headers: who,
        params: { id: endpoint.id },
      });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
      expect(
        (
          await callV1(remove, {
            method: "DELETE",
            path: `/v1/webhooks/${endpoint.id}`,
            headers: who,
            params: { id: endpoint.id },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await callV1(rotate, {
            method: "POST",
            path: `/v1/webhooks/${endpoint.id}/rotate-secret`,
            headers: who,
            params: { id: endpoint.id },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await callV1(ping, {
            method: "POST",
            path: `/v1/webhooks/${endpoint.id}/ping`,
            headers: who,
            params: { id: endpoint.id },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await callV1(listDeliveries, {
            path: `/v1/webhooks/${endpoint.id}/deliveries`,
            headers: who,
            params: { id: endpoint.id },
          })
        ).status,
      ).toBe(404);
    }
    const pinged = await callV1(ping, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/ping`,
      headers: auth,
      params: { id: endpoint.id },
    });
    expect(pinged.status).toBe(202);
    expect(pinged.json).toMatchObject({
      object: "webhook_delivery",
      event_type: "webhook.ping",
      status: "pending",
      attempt_count: 0,
      attempts: [],
    });
    const bad = await callV1(replay, {
      method: "POST",
      path: `/v1/webhooks/${endpoint.id}/deliveries/whd_unknown/replay`,
      headers: auth,
      params: { id: endpoint.id, delivery_id: "whd_unknown" },
    });
    expect(bad.status).toBe(404);

    const deleted = await callV1(remove, {
      method: "DELETE",
      path: `/v1/webhooks/${endpoint.id}`,
      headers: auth,
      params: { id: endpoint.id },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: endpoint.id, object: "webhook_endpoint", deleted: true });
    expect(await (await getDb()).webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(
      (await callV1(getOne, { path: `/v1/webhooks/${endpoint.id}`, headers: auth, params: { id: endpoint.id } }))
        .status,
    ).toBe(404);
  });
});

describe("events and subscriptions", () => {
  it("delivers to enabled endpoints of the same user and mode that subscribe to the type (none listed: all)", async () => {
    const { auth, userId } = await makeToken();
    const all = (await register(auth, { url: `${LOCAL}/all` })).json;
    const batches = (await register(auth, { url: `${LOCAL}/b`, events: ["batch.completed"] })).json;
    const live = await makeToken({ mode: "live", userId });
    const liveEndpoint = (await register(live.auth, { url: "https://127.0.0.1/live" })).json;
    const db = await getDb();

    const { event, deliveryIds } = await emitEvent(db, {
      userId,
      livemode: false,
      type: "token.rotated",
      data: { token: { id: "tok_1" } },
    });
    const targets = await db.webhookDelivery.findMany({ where: { id: { in: deliveryIds } } });
    expect(targets.map((d) => d.endpointId)).toEqual([all.id]);
    const second = await emitEvent(db, {
      userId,
      livemode: false,
      type: "batch.completed",
      data: { batch: { id: "bat_1" } },
    });
    expect(
      (await db.webhookDelivery.findMany({ where: { id: { in: second.deliveryIds } } }))
        .map((d) => d.endpointId)
        .sort(),
    ).toEqual([all.id, batches.id].sort());
    expect(await db.webhookDelivery.count({ where: { endpointId: liveEndpoint.id } })).toBe(0);

    const listed = await callV1(listEventsRoute, { path: "/v1/events?type=token.rotated", headers: auth });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(1);
    expect(listed.json.data[0]).toMatchObject({
      id: event.id,
      object: "event",
      type: "token.rotated",
      livemode: false,
      data: { token: { id: "tok_1" } },
    });
    expect(listed.json.data[0].api_version).toMatch(/^\d{4}-\d\d-\d\d$/);
    const one = await callV1(getEvent, { path: `/v1/events/${event.id}`, headers: auth, params: { id: event.id } });
    expect(one.status).toBe(200);
    expect(one.json.id).toBe(event.id);
    expect(
      (await callV1(getEvent, { path: `/v1/events/${event.id}`, headers: live.auth, params: { id: event.id } })).status,
    ).toBe(404);
  });

  it("writes nothing when the caller's transaction rolls back: event, deliveries and queued attempt", async () => {
    const { auth, userId } = await makeToken();
    await register(auth, { url: LOCAL });
    const db = await getDb();
    let deliveryIds: string[] = [];
    await expect(
      db.$transaction(async (tx) => {
        ({ deliveryIds } = await emitEvent(tx, { userId, livemode: false, type: "verification.failed", data: {} }));
        throw new Error("caller failed");
      }),
    ).rejects.toThrow("caller failed");
    expect(deliveryIds).toHaveLength(1);
    expect(await db.event.count({ where: { userId } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { id: { in: deliveryIds } } })).toBe(0);
    const jobsOf = (ids: string[]) => findJobs(db, { queue: deliverWebhookJob.name, field: "deliveryId", values: ids });
    expect(await jobsOf(deliveryIds)).toEqual([]);

    const committed = await db.$transaction((tx) =>
      emitEvent(tx, { userId, livemode: false, type: "verification.failed", data: {} }),
    );
    expect(await jobsOf(committed.deliveryIds)).toHaveLength(1);
  });
});
