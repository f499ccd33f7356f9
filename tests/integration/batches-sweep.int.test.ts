// The batch sweep on the embedded engine and the run's PostgreSQL: items whose jobs were queued
// under pg-boss 12 (schema `pgboss`, which the queue no longer reads) are queued again and the batch
// completes with one verification per item; an item whose job is waiting is left alone; an item
// whose job ran out of retries is counted failed, so its batch completes.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startJobWorkers } from "../../server/jobs";
import { makeUser } from "../helpers/harness";
import { processBatchItemJob } from "../../lib/batches/jobs";
import { BATCH_SWEEP_GRACE_MS, sweepBatchItems } from "../../lib/batches/sweep-batch-items";
import { getDb, type Prisma } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { newId } from "../../lib/ids";
import { enqueueJob } from "../../lib/jobs";
import { getBoss } from "../../lib/jobs/embedded-engine";
import { stopJobWorkers } from "../../lib/jobs/workers";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/pdf" });
    res.end(`credence-test:VERIFIED:${req.url?.slice(1)}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.FETCH_HTTP_ALLOWLIST = "127.0.0.1";
  process.env.FETCH_ALLOW_PRIVATE = "true";
  resetEnvCache();
});

afterEach(async () => {
  await stopJobWorkers(500);
});

afterAll(async () => {
  delete process.env.FETCH_HTTP_ALLOWLIST;
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

/** A batch of `n` URL items as create-batch.ts stores it, without queuing any job. */
async function batchWithoutJobs(n: number) {
  const db = await getDb();
  const user = await makeUser({ plan: "business" });
  const batchId = newId("batch");
  const items = Array.from({ length: n }, (_, position) => ({
    id: newId("batchItem"),
    batchId,
    position,
    input: {
      kind: "url",
      url: `${base}/${batchId}-${position}.pdf`,
      file_name: null,
      verification_id: newId("verification"),
    } as Prisma.InputJsonValue,
  }));
  await db.batch.create({ data: { id: batchId, userId: user.id, livemode: false, mode: "standard", total: n } });
  await db.batchItem.createMany({ data: items });
  return { userId: user.id, batchId, itemIds: items.map((i) => i.id) };
}

/** A sweep as it runs once the grace period has passed for the items just made. */
const sweepLater = async () =>
  sweepBatchItems(await getDb(), { now: new Date(Date.now() + BATCH_SWEEP_GRACE_MS + 1000) });

describe("batch sweep", () => {
  it("queues again the items of a batch queued under pg-boss 12; the batch completes once, one verification per item", async () => {
    const db = await getDb();
    const { userId, batchId, itemIds } = await batchWithoutJobs(3);
    // Their jobs, where pg-boss 12 kept them: a table the queue does not read.
    await db.$executeRawUnsafe(`CREATE SCHEMA IF NOT EXISTS pgboss`);
    await db.$executeRawUnsafe(
      `CREATE TABLE IF NOT EXISTS pgboss.job (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, data jsonb, state text NOT NULL)`,
    );
    for (const id of itemIds)
      await db.$executeRawUnsafe(
        `INSERT INTO pgboss.job (name, data, state) VALUES ('batch.process-item', $1::jsonb, 'created')`,
        JSON.stringify({ batchItemId: id }),
      );
    await getBoss(); // the queue is open, as on a server started after the upgrade, but not worked yet

    // Not before the grace period: the items could be in the middle of being queued.
    const early = await sweepBatchItems(db);
    expect(early.requeued.filter((id) => itemIds.includes(id))).toEqual([]);
    const sweep = await sweepLater();
    expect(sweep.requeued.filter((id) => itemIds.includes(id)).sort()).toEqual([...itemIds].sort());
    expect(sweep.failed.filter((id) => itemIds.includes(id))).toEqual([]);
    // Queued now: a second sweep (another instance's) queues nothing more.
    const again = await sweepLater();
    expect(again.requeued.filter((id) => itemIds.includes(id))).toEqual([]);

    await startJobWorkers();
    const batch = await vi.waitUntil(
      async () => {
        const b = await db.batch.findUniqueOrThrow({ where: { id: batchId } });
        return b.status === "completed" && b;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(batch.completed).toBe(3);
    expect(batch.failed).toBe(0);
    expect(await db.verification.count({ where: { batchId } })).toBe(3);
    expect(await db.event.count({ where: { userId, type: "batch.completed" } })).toBe(1);
  });

  it("leaves an item whose job is waiting alone, and counts failed an item whose job ran out of retries", async () => {
    const db = await getDb();
    const { batchId, itemIds } = await batchWithoutJobs(2);
    const [waiting, exhausted] = itemIds;
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await enqueueJob(processBatchItemJob, { batchItemId: waiting }, { startAfter: later });
    await enqueueJob(processBatchItemJob, { batchItemId: exhausted }, { startAfter: later });
    // As the supervisor leaves a job whose every run died or passed its lease.
    await db.$executeRawUnsafe(
      `UPDATE job_queue.job SET state = 'failed', completed_on = now() WHERE name = $1 AND data->>'batchItemId' = $2`,
      processBatchItemJob.name,
      exhausted,
    );

    const sweep = await sweepLater();
    expect(sweep.requeued.filter((id) => itemIds.includes(id))).toEqual([]);
    expect(sweep.failed.filter((id) => itemIds.includes(id))).toEqual([exhausted]);
    const items = await db.batchItem.findMany({ where: { batchId }, orderBy: { position: "asc" } });
    expect(items.map((i) => i.status)).toEqual(["queued", "failed"]);
    expect(items[1].error).toMatchObject({ code: "internal_error" });
    const batch = await db.batch.findUniqueOrThrow({ where: { id: batchId } });
    expect([batch.status, batch.completed, batch.failed]).toEqual(["processing", 0, 1]);
  });
});
