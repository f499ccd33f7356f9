// The embedded engine on the run's PostgreSQL: a handler's "retry at T" runs the job again no
// earlier than T, and a run that holds its job past its lease (as a run whose process died does)
// loses it: the engine's supervisor puts the job back and it runs again. A claim reads its window
// of a backlog, however long the backlog is.
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb, openedDatabaseUrl } from "../db";
import { CLAIM_STATEMENT, CLAIM_WINDOW, claimJobsStatement } from "../db/statements/claim-jobs";
import { sessionOptions } from "../db/statements/run-statement";
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

  it("claims from a long backlog by reading its window of the oldest due jobs, not the whole backlog", async () => {
    const job = defineJob({
      name: `test.backlog-${Date.now()}`,
      schema: z.object({ n: z.number(), endpoint: z.string() }),
      key: ({ n }) => `backlog-${n}`,
      lease: { seconds: 10 },
      group: { field: "endpoint", limit: 4 },
      handle: async () => {},
    });
    // Queued at forty moments of the last minute, as events are: the jobs of one moment share a due
    // time, and the claim reads a moment whole (its jobs run in the order they were queued).
    const moments = 40;
    const perMoment = CLAIM_WINDOW / 2;
    const backlog = moments * perMoment;
    for (let m = 0; m < moments; m++)
      await enqueueJobs(
        job,
        Array.from({ length: perMoment }, (_, i) => ({ n: m * perMoment + i, endpoint: `we_${i % 3}` })),
        { startAfter: new Date(Date.now() - 60_000 + m * 1000) },
      );
    // As the worker claims: on a session of the queue's pool, with one group at its limit.
    const statement = claimJobsStatement({
      queue: job.name,
      limit: 16,
      group: { field: "endpoint", limit: 4, running: new Map([["we_0", 4]]) },
    });
    const client = new pg.Client({ connectionString: openedDatabaseUrl(), options: sessionOptions(CLAIM_STATEMENT) });
    await client.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query({
        text: `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
        values: statement.values as unknown[],
      });
      await client.query("ROLLBACK");
      type PlanNode = { "Node Type": string; "Relation Name"?: string; "Actual Rows": number; Plans?: PlanNode[] };
      const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
      const plan = (rows[0]["QUERY PLAN"] as Array<{ Plan: PlanNode }>)[0].Plan;
      const scans = nodes(plan).filter((n) => n["Relation Name"] && n["Node Type"].endsWith("Scan"));

      expect(scans.length).toBeGreaterThan(0);
      // Per loop: the window's scan reads the moments that fill the window; the probes by primary key one row each.
      expect(Math.max(...scans.map((n) => n["Actual Rows"]))).toBeLessThanOrEqual(CLAIM_WINDOW + perMoment);
      expect(backlog).toBeGreaterThanOrEqual(10 * (CLAIM_WINDOW + perMoment));
      const claimed = nodes(plan).find((n) => n["Node Type"] === "ModifyTable" && n["Actual Rows"] > 0);
      expect(claimed?.["Actual Rows"]).toBe(8); // the two groups not at their limit, four each
    } finally {
      await client.end();
    }
  });
});
