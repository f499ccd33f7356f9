// The embedded engine on the run's PostgreSQL: a handler's "retry at T" runs the job again no
// earlier than T, and a run that holds its job past its lease (as a run whose process died does)
// loses it: the engine's supervisor puts the job back and it runs again; what a run hands to
// ctx.settle is written with its completion.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb, Prisma } from "../db";
import { defineJob } from "./define-job";
import { SUPERVISE_SECONDS, startEmbeddedWorkers, stopEmbeddedEngine } from "./embedded-engine";
import { enqueueJob, enqueueJobs } from "./index";

const until = async (what: string, check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

afterEach(async () => {
  await stopEmbeddedEngine(500);
});

describe("embedded engine", () => {
  it("honours a handler's 'retry at T' with the payload it names", async () => {
    const runs: Array<{ n: number; at: number }> = [];
    let retryAt = 0;
    const job = defineJob({
      name: `test.retry-at-${Date.now()}`,
      schema: z.object({ id: z.string(), n: z.number() }),
      key: ({ id, n }) => `${id}:${n}`,
      lease: { seconds: 10 },
      handle: async ({ id, n }) => {
        runs.push({ n, at: Date.now() });
        if (n > 1) return;
        retryAt = Date.now() + 1500;
        return { retryAt: new Date(retryAt), payload: { id, n: n + 1 } };
      },
    });
    await startEmbeddedWorkers([job]);
    await enqueueJob(job, { id: "a", n: 1 });
    await until("the second run", () => runs.length === 2, 15_000);
    expect(runs.map((r) => r.n)).toEqual([1, 2]);
    expect(runs[1].at).toBeGreaterThanOrEqual(retryAt);
  });

  it("runs the jobs queued in one transaction in the order they were queued (the items of a batch)", async () => {
    const ran: number[] = [];
    const job = defineJob({
      name: `test.order-${Date.now()}`,
      schema: z.object({ n: z.number() }),
      key: ({ n }) => `item-${n}`, // job ids are hashes of the keys: not in this order
      lease: { seconds: 10 },
      handle: async ({ n }) => {
        ran.push(n);
      },
    });
    const order = [3, 9, 0, 7, 1, 8, 2, 6, 4, 5];
    const db = await getDb();
    await db.$transaction(async (tx) => {
      for (const n of order) await enqueueJob(job, { n }, { db: tx });
    });
    await startEmbeddedWorkers([job]);
    await until("every run", () => ran.length === order.length, 15_000);
    expect(ran).toEqual(order);
  });

  it("runs a job again when the run holding it passes its lease", async () => {
    const runs: number[] = [];
    const job = defineJob({
      name: `test.lease-${Date.now()}`,
      schema: z.object({ id: z.string() }),
      lease: { seconds: 1 },
      retry: { limit: 2, delaySeconds: 1 },
      handle: async () => {
        runs.push(Date.now());
        if (runs.length === 1) await new Promise(() => undefined); // never finishes, like a dead process
      },
    });
    await startEmbeddedWorkers([job]);
    await enqueueJob(job, { id: "b" });
    await until("the run after the lease", () => runs.length === 2, (1 + SUPERVISE_SECONDS + 5) * 1000);
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(1000);
  });

  it("writes what a run hands to ctx.settle with its completion, and nothing of a run that fails", async () => {
    const db = await getDb();
    const table = `test_settled_${Date.now()}`;
    await db.$executeRawUnsafe(`CREATE TABLE ${table} (v text)`);
    let runs = 0;
    const job = defineJob({
      name: `test.settle-${Date.now()}`,
      schema: z.object({ v: z.string(), fail: z.boolean() }),
      key: ({ v }) => v,
      lease: { seconds: 10 },
      retry: { limit: 0, delaySeconds: 1 },
      settle: (values) =>
        Prisma.sql`test_written AS (INSERT INTO ${Prisma.raw(table)} SELECT unnest(${values as string[]}::text[]) RETURNING 1)`,
      handle: async ({ v, fail }, ctx) => {
        ctx.settle?.(v);
        runs++;
        if (fail) throw new Error("the run fails after handing its result");
      },
    });
    await enqueueJobs(job, [
      { v: "a", fail: false },
      { v: "b", fail: true },
      { v: "c", fail: false },
    ]);
    await startEmbeddedWorkers([job]);
    await until("every run", () => runs === 3, 15_000);
    // Written no later than the stop, which completes the runs that ended.
    await stopEmbeddedEngine(500);
    const written = await db.$queryRawUnsafe<Array<{ v: string }>>(`SELECT v FROM ${table} ORDER BY v`);
    expect(written.map((r) => r.v)).toEqual(["a", "c"]);
    await db.$executeRawUnsafe(`DROP TABLE ${table}`);
  });
});
