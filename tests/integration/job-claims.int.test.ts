// The embedded queue's claim (lib/db/statements/claim-jobs.ts) on the run's PostgreSQL, as a
// worker runs it: from a backlog however long, it reads its window of the oldest due jobs and
// claims within the group limits.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openedDatabaseUrl } from "../../lib/db";
import { CLAIM_STATEMENT, CLAIM_WINDOW, claimJobsStatement } from "../../lib/db/statements/claim-jobs";
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
});
