// Events emitted at the same moment on one client are written by one statement (insert-events.ts):
// events, their deliveries and, on the embedded queue, the deliveries' first attempts, in one
// commit. What it writes is what emitting them one at a time writes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeUser } from "../helpers/harness";
import { getDb, type DbClient } from "../../lib/db";
import { findJobs } from "../../lib/db/statements/find-jobs";
import {
  findDeliveryToAttempt,
  toDeliveryLookup,
  type DeliveryLookupColumn,
} from "../../lib/db/statements/find-delivery-to-attempt";
import { insertEvents } from "../../lib/db/statements/insert-events";
import { resetEnvCache } from "../../lib/env";
import { emitEvent, type EmittedEvent } from "../../lib/events/emit-event";
import { API_VERSION, type EventType } from "../../lib/events/event-types";
import { newId } from "../../lib/ids";
import { getBoss } from "../../lib/jobs/embedded-engine";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { createEndpoint } from "../../lib/webhooks/create-endpoint";
import { deliverWebhookJob } from "../../lib/webhooks/delivery-job";

vi.mock("../../lib/db/statements/insert-events", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../lib/db/statements/insert-events")>();
  return { ...original, insertEvents: vi.fn(original.insertEvents) };
});
const statements = vi.mocked(insertEvents);

const TYPES: EventType[] = ["verification.completed", "verification.failed", "batch.completed", "verification.failed"];

beforeAll(async () => {
  process.env.FETCH_ALLOW_PRIVATE = "true";
  resetEnvCache();
  await getBoss(); // the queue is open (as in the server): first attempts are written by the statement
});

afterAll(async () => {
  await stopJobWorkers(500);
});

/** An owner with endpoints for every type, for one type, disabled, and in the other mode. */
async function owner() {
  const db = await getDb();
  const user = await makeUser();
  const test = { userId: user.id, livemode: false };
  const url = "http://127.0.0.1:9/hooks";
  const all = await createEndpoint(db, test, { url });
  const failed = await createEndpoint(db, test, { url, events: ["verification.failed"] });
  const disabled = await createEndpoint(db, test, { url });
  await db.webhookEndpoint.update({ where: { id: disabled.id }, data: { enabled: false } });
  await db.webhookEndpoint.create({
    data: {
      id: `we_live${user.id}`,
      userId: user.id,
      livemode: true,
      url,
      secretEncrypted: "x",
      secretPrefix: "whsec_x",
    },
  });
  return { owner: test, endpoints: { all: all.id, failed: failed.id } };
}

/** Per event, in order: its type and data, and its deliveries (endpoint, state) with their jobs. */
async function written(emitted: EmittedEvent[]) {
  const db = await getDb();
  const jobs = await findJobs(db, {
    queue: deliverWebhookJob.name,
    field: "deliveryId",
    values: emitted.flatMap((e) => e.deliveryIds),
  });
  return Promise.all(
    emitted.map(async ({ event, deliveryIds }) => {
      const stored = await db.event.findUniqueOrThrow({ where: { id: event.id }, include: { deliveries: true } });
      expect(stored).toMatchObject({ ...event, deliveries: expect.anything() });
      expect(stored.deliveries.map((d) => d.id).sort()).toEqual(deliveryIds);
      return {
        type: stored.type,
        data: stored.data,
        deliveries: stored.deliveries
          .map((d) => ({
            endpointId: d.endpointId,
            state: [d.status, d.attemptCount, d.nextAttemptAt?.getTime() === event.createdAt.getTime()],
            jobs: jobs
              .filter((j) => (j.data as { deliveryId: string }).deliveryId === d.id)
              // The delivery's id differs from one way to the other: whether the job names it.
              .map((j) => {
                const data = j.data as { deliveryId: string };
                return {
                  state: j.state,
                  data: { ...data, deliveryId: data.deliveryId === d.id },
                  due: j.startAfter.getTime() === event.createdAt.getTime(),
                };
              }),
          }))
          .sort((a, b) => a.endpointId.localeCompare(b.endpointId)),
      };
    }),
  );
}

const emitAll = (db: DbClient, who: { userId: string; livemode: boolean }) =>
  Promise.all(TYPES.map((type, i) => emitEvent(db, { ...who, type, data: { i } })));

describe("emitEvent", () => {
  it("writes the events of one moment, their deliveries and first attempts in one statement, as one at a time would", async () => {
    const db = await getDb();
    const { owner: who, endpoints } = await owner();

    statements.mockClear();
    const together = await emitAll(db, who);
    expect(statements).toHaveBeenCalledTimes(1);
    expect(statements.mock.calls[0][1].events).toHaveLength(TYPES.length);
    expect(statements.mock.calls[0][1].jobs).toEqual({ queue: deliverWebhookJob.name });

    statements.mockClear();
    const alone: EmittedEvent[] = [];
    for (const [i, type] of TYPES.entries()) alone.push(await emitEvent(db, { ...who, type, data: { i } }));
    expect(statements).toHaveBeenCalledTimes(TYPES.length);

    const expected = await written(alone);
    expect(await written(together)).toEqual(expected);
    // What one at a time writes: a delivery per enabled endpoint of the mode subscribed to the type,
    // each with one first attempt due when the event was made.
    const job = (endpointId: string) => ({
      state: "created",
      data: { deliveryId: true, endpointId, attempt: 1 },
      due: true,
    });
    expect(expected.map((e) => e.deliveries.map((d) => d.endpointId))).toEqual(
      TYPES.map((type) => [endpoints.all, ...(type === "verification.failed" ? [endpoints.failed] : [])].sort()),
    );
    for (const delivery of expected.flatMap((e) => e.deliveries)) {
      expect(delivery.state).toEqual(["pending", 0, true]);
      expect(delivery.jobs).toEqual([job(delivery.endpointId)]);
    }
    // Every delivery id is distinct across the statement's events; an event's deliveries share one
    // random id and number themselves, in the order of their endpoints.
    const ids = together.flatMap((e) => e.deliveryIds);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { deliveryIds } of together) {
      expect(deliveryIds.map((id) => id.slice(-2))).toEqual(deliveryIds.map((_, i) => i.toString(16).padStart(2, "0")));
      expect(new Set(deliveryIds.map((id) => id.slice(0, -2))).size).toBe(1);
      expect(deliveryIds[0]).toMatch(/^whd_[0-9a-hjkmnp-tv-z]{34}[0-9a-f]{2}$/);
    }
    expect(new Set(together.map((e) => e.deliveryIds[0].slice(0, -2))).size).toBe(together.length);
  });

  it("in a transaction, shares its statement and its fate: rolled back, nothing of any event is left", async () => {
    const db = await getDb();
    const { owner: who } = await owner();
    statements.mockClear();
    let emitted: EmittedEvent[] = [];
    await expect(
      db.$transaction(async (tx) => {
        emitted = await emitAll(tx, who);
        throw new Error("caller failed");
      }),
    ).rejects.toThrow("caller failed");
    expect(statements).toHaveBeenCalledTimes(1);
    expect(emitted.flatMap((e) => e.deliveryIds)).toHaveLength(6);
    expect(await db.event.count({ where: { userId: who.userId } })).toBe(0);
    const ids = emitted.flatMap((e) => e.deliveryIds);
    expect(await findJobs(db, { queue: deliverWebhookJob.name, field: "deliveryId", values: ids })).toEqual([]);
  });

  it("a call the statement refuses fails alone: the others of its moment are written", async () => {
    const db = await getDb();
    const { owner: who } = await owner();
    statements.mockClear();
    const results = await Promise.allSettled([
      emitEvent(db, { ...who, type: "verification.completed", data: {} }),
      emitEvent(db, { userId: "usr_nobody", livemode: false, type: "verification.completed", data: {} }),
      emitEvent(db, { ...who, type: "verification.failed", data: {} }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    // The batch, then each alone.
    expect(statements).toHaveBeenCalledTimes(4);
    expect(await db.event.count({ where: { userId: who.userId } })).toBe(2);
  });

  it("writes claimed the first attempts its worker has slots for, within each endpoint's limit, with the delivery as the tables hold it", async () => {
    const db = await getDb();
    const { owner: who, endpoints } = await owner();
    const event = (type: EventType) => ({
      ...who,
      id: newId("event"),
      type,
      apiVersion: API_VERSION,
      data: { type },
      createdAt: new Date(),
      deliveryIdStem: newId("delivery"),
    });
    // Deliveries: two to `all`, one to `failed`. `all` already runs one of its two: one more fits.
    const written = await insertEvents(db, {
      events: [event("verification.failed"), event("verification.completed")],
      jobs: {
        queue: deliverWebhookJob.name,
        claim: { limit: 3, groupLimit: 2, running: [[endpoints.all, 1]] },
      },
    });
    expect(written.deliveries).toHaveLength(3);
    const jobs = await findJobs(db, {
      queue: deliverWebhookJob.name,
      field: "deliveryId",
      values: written.deliveries.map((d) => d.id),
    });
    const active = jobs.filter((j) => j.state === "active");
    expect(active.map((j) => (j.data as { endpointId: string }).endpointId).sort()).toEqual(
      [endpoints.all, endpoints.failed].sort(),
    );
    expect(jobs.filter((j) => j.state === "created")).toHaveLength(1);
    // What the statement hands the worker is what it claimed, and each run's preload is the
    // lookup the attempt would otherwise read.
    expect(written.claimed.map((c) => c.id).sort()).toEqual(active.map((j) => j.id).sort());
    for (const run of written.claimed) {
      expect(run.retryCount).toBe(0);
      const { deliveryId, endpointId } = run.data as { deliveryId: string; endpointId: string };
      expect(toDeliveryLookup(run.preloaded as DeliveryLookupColumn)).toEqual(
        await findDeliveryToAttempt(db, deliveryId, endpointId),
      );
    }

    // No slot: everything is written for the loop to claim.
    const unclaimed = await insertEvents(db, {
      events: [event("verification.completed")],
      jobs: { queue: deliverWebhookJob.name, claim: { limit: 1, groupLimit: 2, running: [[endpoints.all, 2]] } },
    });
    expect(unclaimed.claimed).toEqual([]);
  });
});
