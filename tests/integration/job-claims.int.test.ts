// The embedded queue's claim (lib/db/statements/claim-jobs.ts) on the run's PostgreSQL, as a
// worker runs it: from a backlog however long, it reads its window of the oldest due jobs and
// claims within the group limits.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb, openedDatabaseUrl } from "../../lib/db";
import { CLAIM_STATEMENT, CLAIM_WINDOW, claimJobs, claimJobsStatement } from "../../lib/db/statements/claim-jobs";
import { sessionOptions } from "../../lib/db/statements/run-statement";
import { defineJob, enqueueJobs } from "../../lib/jobs";
import { stopEmbeddedEngine } from "../../lib/jobs/embedded-engine";

afterAll(async () => {
  await stopEmbeddedEngine(500);
});

describe("job claims", () => {
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

  it("says when it left due jobs for want of a slot, so that a run's end claims again at once", async () => {
    const job = defineJob({
      name: `test.more-due-${Date.now()}`,
      schema: z.object({ n: z.number(), endpoint: z.string() }),
      key: ({ n }) => `more-due-${n}`,
      lease: { seconds: 10 },
      group: { field: "endpoint", limit: 2 },
      handle: async () => {},
    });
    const endpoints = ["we_a", "we_a", "we_a", "we_b", "we_b"];
    await enqueueJobs(
      job,
      endpoints.map((endpoint, n) => ({ n, endpoint })),
      { startAfter: new Date(Date.now() - 1000) },
    );
    const db = await getDb();
    const claim = (running: Array<[string, number]>, limit = 16) =>
      claimJobs(db, { queue: job.name, limit, group: { field: "endpoint", limit: 2, running: new Map(running) } });
    const groupsOf = (jobs: Array<{ data: unknown }>) =>
      jobs.map((j) => (j.data as { endpoint: string }).endpoint).sort();

    // Two of each group: the third of we_a waits for one of its group's slots.
    const first = await claim([]);
    expect(groupsOf(first.jobs)).toEqual(["we_a", "we_a", "we_b", "we_b"]);
    expect(first.moreDue).toBe(true);
    // Both groups full: nothing claimed, and nothing to say.
    expect(
      await claim([
        ["we_a", 2],
        ["we_b", 2],
      ]),
    ).toEqual({ jobs: [], moreDue: false });
    // One of we_a's runs ended: its last job is claimed, and none is left.
    const last = await claim([
      ["we_a", 1],
      ["we_b", 2],
    ]);
    expect(groupsOf(last.jobs)).toEqual(["we_a"]);
    expect(last.moreDue).toBe(false);
  });

  it("says when it left due jobs beyond its limit", async () => {
    const job = defineJob({
      name: `test.more-due-limit-${Date.now()}`,
      schema: z.object({ n: z.number() }),
      key: ({ n }) => `more-due-limit-${n}`,
      lease: { seconds: 10 },
      handle: async () => {},
    });
    await enqueueJobs(job, [{ n: 1 }, { n: 2 }, { n: 3 }], { startAfter: new Date(Date.now() - 1000) });
    const db = await getDb();
    expect(await claimJobs(db, { queue: job.name, limit: 2 })).toMatchObject({ moreDue: true });
    const rest = await claimJobs(db, { queue: job.name, limit: 2 });
    expect(rest.jobs).toHaveLength(1);
    expect(rest.moreDue).toBe(false);
  });
});
