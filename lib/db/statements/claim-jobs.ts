// Claims due jobs of one queue of the embedded engine (pg-boss 10's tables, lib/jobs/embedded-engine.ts)
// as pg-boss's own fetch does — FOR UPDATE SKIP LOCKED, state `active`, a run after the first
// counting as a retry — with two differences. The oldest due come first by due time, then
// creation: the order of the queue's fetch index (job_i5), so a claim reads its window of the
// backlog, where pg-boss's order by creation reads all of it. And a job whose group (a field of
// its payload: a webhook delivery's endpoint) already runs `groupLimit` times in this process is
// not taken, so one slow receiver holds at most its share of the workers and the other
// endpoints' deliveries are claimed past its backlog.
//
// The same statement completes the runs that ended since the worker's last claim (pg-boss's own
// complete), and writes what they left to write (the job's `settle`: a webhook attempt's record):
// a worker whose runs are short claims about as often as runs end, and settling them and taking
// the next in one round trip halves what the queue costs per job (bench:webhooks).
import { createHash } from "node:crypto";
import { Prisma, type DbClient } from "../index";
import { runStatement, type StatementOptions } from "./run-statement";

/** The PostgreSQL schema of the job queue's tables. */
export const QUEUE_SCHEMA = "job_queue";
/** pg-boss's job table (partitioned by queue name). */
export const QUEUE_JOB_TABLE = Prisma.raw(`${QUEUE_SCHEMA}.job`);
/** pg-boss's queues and their settings (retries, expiry, retention). */
export const QUEUE_TABLE = Prisma.raw(`${QUEUE_SCHEMA}.queue`);

/**
 * The partition of `queue` in pg-boss's job table (named as its create_queue names it). The claim
 * reads and writes it directly: planned through the partitioned table, with its partitions pruned
 * at every execution, the statement took longer to plan than to run (bench:webhooks, the server's
 * log: 1.2 ms of planning against 0.5 ms of execution per claim).
 */
export function queuePartition(queue: string): Prisma.Sql {
  let partition = partitions.get(queue);
  if (!partition) {
    partition = Prisma.raw(`${QUEUE_SCHEMA}.j${createHash("sha224").update(queue).digest("hex")}`);
    partitions.set(queue, partition);
  }
  return partition;
}
/** A claim names its partition twice, and a busy worker claims hundreds of times a second. */
const partitions = new Map<string, Prisma.Sql>();

/**
 * Due jobs looked at per claim, the oldest first: the window in which groups are counted. Jobs of a
 * group at its limit are left out before the window is taken, so a busy group holds others back
 * for one claim at most.
 */
export const CLAIM_WINDOW = 100;

export interface ClaimJobsInput {
  queue: string;
  /** Jobs to claim at most (0: only complete). */
  limit: number;
  /** Runs of this worker that ended: their jobs are completed (ids of active jobs of `queue`). */
  completed?: readonly string[];
  /** Written with the completions: the job's `settle` CTEs over the results of the runs that ended. */
  settle?: Prisma.Sql;
  group?: {
    /** The payload field naming the group; jobs without it are not grouped. */
    field: string;
    limit: number;
    /** Runs in progress in this process per group (only groups with runs). */
    running: ReadonlyMap<string, number>;
  };
  /**
   * What each claimed run reads first (the job's `preload`): a column over the claimed job, named
   * `claimed` (its payload `claimed.data`), read in this statement, returned as `preloaded`.
   */
  preload?: Prisma.Sql;
}

/**
 * Slots of a worker that a statement writing jobs of its queue may fill with jobs it writes
 * already claimed (lib/jobs/embedded-worker.ts reserveSlots; insert-events.ts): at most `limit`, and
 * per group at most `groupLimit` less the runs of the group in progress.
 */
export interface ClaimSlots {
  limit: number;
  groupLimit: number;
  running: ReadonlyArray<readonly [string, number]>;
}

export interface ClaimedJob {
  id: string;
  data: unknown;
  /** 0 on the first run. */
  retryCount: number;
  /** The input's `preload` column (null without one). */
  preloaded: unknown;
}

export interface Claim {
  jobs: ClaimedJob[];
  /**
   * Due jobs this worker could have run were left in the claim's window (claimed up to the limit,
   * or to a group's free slots): a run that ends frees a slot one of them is waiting for. False
   * when nothing was claimed, whatever is left.
   */
  moreDue: boolean;
}

/**
 * How claims run: a claim lost in a PostgreSQL crash is a job claimed again, a completion lost a
 * job run again after its lease (every handler is idempotent), so at least once either way; and
 * planned for each call's values (run-statement.ts).
 */
export const CLAIM_STATEMENT: StatementOptions = { commit: "relaxed", plans: "custom" };

export async function claimJobs(db: DbClient, input: ClaimJobsInput): Promise<Claim> {
  const completed = input.completed ?? [];
  if (input.limit <= 0 && completed.length === 0) return { jobs: [], moreDue: false };
  const statement =
    input.limit > 0
      ? claimJobsStatement(input)
      : Prisma.sql`WITH ${completedCte(input.queue, completed)}${settleCtes(input.settle)} SELECT NULL::text AS id FROM (SELECT 1) one WHERE false`;
  const rows = await runStatement<ClaimedJob & { moreDue: boolean }>(db, statement, CLAIM_STATEMENT);
  return { jobs: rows.map(({ moreDue: _, ...job }) => job), moreDue: rows[0]?.moreDue ?? false };
}

// Data-modifying CTEs run whether or not the query reads them. The claim does not see the rows
// they complete (one snapshot), and needs not: those are active, it takes only jobs not started.
// Rows are found by primary key, one probe per id (a LATERAL subquery the planner cannot flatten):
// a queue's partition has no statistics until autovacuum first analyses it, and until then the
// planner reads `id = ANY (…)` as a filter over every job of the queue, completed ones included
// (bench:webhooks, on a fresh database: each claim scanned the thousands of jobs before it).
function completedCte(queue: string, ids: readonly string[]): Prisma.Sql {
  const job = queuePartition(queue);
  return Prisma.sql`
    done AS (
      UPDATE ${job} j SET completed_on = now(), state = 'completed'
      WHERE j.name = ${queue}::text AND j.state = 'active' AND j.id IN (
        SELECT k.id FROM unnest(${ids}::uuid[]) AS x(id)
        CROSS JOIN LATERAL (SELECT k.id FROM ${job} k WHERE k.name = ${queue}::text AND k.id = x.id OFFSET 0) k
      )
    )`;
}

const settleCtes = (settle: Prisma.Sql | undefined) => (settle ? Prisma.sql`, ${settle}` : Prisma.empty);

export function claimJobsStatement(input: ClaimJobsInput): Prisma.Sql {
  const field = input.group?.field ?? null;
  const groupLimit = input.group?.limit ?? 0;
  const running = [...(input.group?.running ?? [])];
  const full = running.filter(([, n]) => n >= groupLimit).map(([g]) => g);
  const job = queuePartition(input.queue);
  return Prisma.sql`
    WITH ${completedCte(input.queue, input.completed ?? [])}${settleCtes(input.settle)}, due AS (
      SELECT id, start_after, created_on, data->>${field}::text AS grp
      FROM ${job}
      WHERE name = ${input.queue}::text AND state < 'active' AND start_after < now()
        AND (${field}::text IS NULL OR data->>${field}::text IS NULL OR NOT (data->>${field}::text = ANY (${full}::text[])))
      -- The fetch index's order, so the scan stops at the window (its ties come in the order they
      -- were inserted); the window is then ordered by creation too.
      ORDER BY start_after
      LIMIT ${CLAIM_WINDOW}
    ), ranked AS (
      SELECT id, start_after, created_on, grp,
             row_number() OVER (PARTITION BY grp ORDER BY start_after, created_on, id) AS rn
      FROM due
    ), allowed AS (
      SELECT r.id
      FROM ranked r
      LEFT JOIN unnest(${running.map(([g]) => g)}::text[], ${running.map(([, n]) => n)}::int[]) AS busy(grp, n)
        ON busy.grp = r.grp
      WHERE r.grp IS NULL OR r.rn <= ${groupLimit}::int - coalesce(busy.n, 0)
      ORDER BY r.start_after, r.created_on, r.id
      LIMIT ${input.limit * 4}::int -- a few spare: another claimer may hold some
    ), chosen AS (
      -- Oldest first, one probe by primary key each (see completedCte), until enough are locked.
      SELECT l.id
      FROM allowed a
      CROSS JOIN LATERAL (
        SELECT j.id FROM ${job} j
        WHERE j.name = ${input.queue}::text AND j.id = a.id AND j.state < 'active' AND j.start_after < now()
        FOR UPDATE SKIP LOCKED
      ) l
      LIMIT ${input.limit}::int
    ), claimed AS (
      UPDATE ${job} j SET
        state = 'active',
        started_on = now(),
        retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
      FROM chosen
      WHERE j.name = ${input.queue}::text AND j.id = chosen.id
      RETURNING j.id, j.data, j.retry_count
    )
    -- The rows the runs read first, in the statement's one snapshot: rows written with their jobs
    -- (an event's deliveries) are visible exactly when the jobs are.
    SELECT claimed.id::text AS id, claimed.data, claimed.retry_count AS "retryCount",
           ${input.preload ?? Prisma.sql`NULL::json`} AS preloaded,
           (SELECT count(*) FROM due) > (SELECT count(*) FROM claimed) AS "moreDue"
    FROM claimed`;
}
