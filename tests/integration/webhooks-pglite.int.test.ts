// The default of `npm run dev`: the embedded engine on the embedded PGlite (no DATABASE_URL), one
// connection shared by Prisma and pg-boss. Events emitted inside a transaction before the queue
// has started, a delivery whose retry is due while the database is closed (a full restart), and a
// rolled-back transaction that must deliver nothing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { emitEvent } from "../../lib/events/emit-event";
import { createUser } from "../../lib/users/create-user";
import { flushJobs, stopJobWorkers } from "../../lib/jobs/workers";
import { startJobWorkers } from "../../server/jobs";
import { createEndpoint } from "../../lib/webhooks/create-endpoint";
import { verifyWebhookSignature } from "../../lib/webhooks/verify-signature";
import { randomEmail } from "../helpers/harness";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

let receiver: WebhookReceiver;

beforeAll(async () => {
  await closeDb();
  delete process.env.DATABASE_URL;
  // Its own data directory: the embedded database lives there, apart from other files' state.
  process.env.CREDENCE_DATA_DIR = mkdtempSync(path.join(tmpdir(), "credence-webhooks-pglite-"));
  process.env.FETCH_ALLOW_PRIVATE = "true";
  process.env.WEBHOOK_TIME_SCALE = "0.1";
  resetEnvCache();
  receiver = await startWebhookReceiver((req) => (req.index === 1 ? 500 : 200));
  // Opening a fresh PGlite applies every migration: 20 s and more on a loaded machine, not the test's time.
  await getDb();
});

afterAll(async () => {
  await stopJobWorkers();
  await closeDb();
  await receiver.close();
});

async function deliveryRows(ids: string[]) {
  return (await getDb()).webhookDelivery.findMany({ where: { id: { in: ids } }, include: { attempts: true } });
}

describe("embedded engine on PGlite", () => {
  it("queues events emitted in a transaction before the queue started, survives a full restart mid-ladder, and drops rolled-back events", async () => {
    const db = await getDb();
    const user = await createUser(db, { email: randomEmail(), plan: "pro" });
    const endpoint = await createEndpoint(db, { userId: user.id, livemode: false }, { url: receiver.url });

    // Nothing has started the queue yet: the sends wait for the transactions to end.
    const committed = await db.$transaction((tx) =>
      emitEvent(tx, { userId: user.id, livemode: false, type: "token.rotated", data: { token: { id: "tok_1" } } }),
    );
    await expect(
      db.$transaction(async (tx) => {
        await emitEvent(tx, { userId: user.id, livemode: false, type: "verification.failed", data: {} });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await flushJobs(); // like a CLI command exiting: the jobs are in the database, nobody works them

    await startJobWorkers();
    const [first] = await receiver.waitFor(1);
    expect(verifyWebhookSignature(first.body, first.headers["x-service-signature"] as string, endpoint.secret).ok).toBe(
      true,
    );
    expect(JSON.parse(first.body.toString()).type).toBe("token.rotated");
    const deadline = Date.now() + 10_000;
    while ((await deliveryRows(committed.deliveryIds))[0].attemptCount < 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));

    // Attempt 1 failed; attempt 2 is due 3 s later (scale 0.1). Shut everything down meanwhile.
    await stopJobWorkers();
    await closeDb();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(receiver.received).toHaveLength(1);

    await startJobWorkers(); // reopens the PGlite directory and the queue in it
    await receiver.waitFor(2);
    let [row] = await deliveryRows(committed.deliveryIds);
    while (row.status !== "succeeded" && Date.now() < deadline + 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      [row] = await deliveryRows(committed.deliveryIds);
    }
    expect(row.status).toBe("succeeded");
    expect(row.attempts.map((a) => [a.number, a.succeeded]).sort()).toEqual([
      [1, false],
      [2, true],
    ]);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.map((r) => JSON.parse(r.body.toString()).type)).toEqual([
      "token.rotated",
      "token.rotated",
    ]);
  }, 60_000);
});
