// The embedded engine: pg-boss on the application's own database (the PostgreSQL of DATABASE_URL,
// or the embedded PGlite handle the app already has open), so queued jobs survive restarts with
// nothing else to run. One PgBoss per process, started on first use; workers (embedded-worker.ts)
// only where startJobWorkers() (server/jobs.ts) asks for them (the server process, tests).
//
// pg-boss 10, the last release that supports Node 20 (README, "Install"), keeps the tables, retries
// a failed run with backoff, takes back a run whose lease is over (its supervisor) and runs the cron
// schedules. Writing jobs (lib/db/statements/insert-jobs.ts: oldest first means in the order
// written), claiming and running them is ours (embedded-worker.ts), which adds what 10 lacks:
// concurrency in one process, a result per job, groups and heartbeats.
import { hash, randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { embeddedPglite, getDb, openedDatabaseUrl } from "../db";
import { pgliteQueueDb } from "../db/queue-db";
import { type ClaimedJob, type ClaimSlots, QUEUE_SCHEMA } from "../db/statements/claim-jobs";
import { insertJobs } from "../db/statements/insert-jobs";
import { errorFields, log } from "../log";
import { createQueueOnce } from "./create-queue";
import { type AnyJob, type EnqueueOptions, type JobDefinition, jobKey } from "./define-job";
import { type EmbeddedWorker, reserveSlots, startWorker, stopWorker, wakeWorker } from "./embedded-worker";

/**
 * How often every instance's supervisor looks for runs whose lease is over (their process died)
 * and puts them back in the queue: a lost run starts again within its lease plus this.
 */
export const SUPERVISE_SECONDS = 5;

/** Delayed jobs due within this window also get an in-process wake-up at their time. */
const WAKE_WINDOW_MS = 5 * 60 * 1000;

interface EmbeddedState {
  boss?: Promise<PgBoss>;
  queues: Set<string>;
  /** This process's workers per queue. */
  workers: Map<string, EmbeddedWorker>;
  /** The started queue, once it is. */
  started?: PgBoss;
  /** Whether the queue runs on the process's PGlite handle (pg-boss did not open that connection). */
  onPglite?: boolean;
  /** Sends deferred until the caller's transaction is over (see sendEmbeddedJob). */
  deferred: Set<Promise<void>>;
}
const state: EmbeddedState = ((globalThis as { __credenceJobs?: EmbeddedState }).__credenceJobs ??= {
  queues: new Set(),
  workers: new Map(),
  deferred: new Set(),
});

export function getBoss(): Promise<PgBoss> {
  state.boss ??= open().catch((error: unknown) => {
    state.boss = undefined;
    throw error;
  });
  return state.boss;
}

async function open(): Promise<PgBoss> {
  await getDb(); // opens (and migrates) the embedded PGlite when there is no DATABASE_URL
  // The queue lives in the database the process's client is open on, whatever the environment says now.
  const url = openedDatabaseUrl();
  const pglite = embeddedPglite();
  const options = {
    schema: QUEUE_SCHEMA,
    supervise: true,
    maintenanceIntervalSeconds: SUPERVISE_SECONDS,
    schedule: true,
  };
  const boss = url
    ? new PgBoss({ connectionString: url, max: 4, ...options })
    : new PgBoss({ db: pgliteQueueDb(pglite!), ...options });
  boss.on("error", (error: unknown) => log.error("job queue error", errorFields(error)));
  await boss.start();
  state.started = boss;
  state.onPglite = !url;
  return boss;
}

// The job's lease becomes the queue's expiry (its heartbeat, when it has one: the worker renews
// it); updating an existing queue makes a changed lease apply to the jobs queued from now on.
async function ensureQueue(boss: PgBoss, job: AnyJob): Promise<void> {
  if (state.queues.has(job.name)) return;
  const options = {
    name: job.name,
    retryLimit: job.retry?.limit ?? 2,
    retryDelay: job.retry?.delaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: job.lease.heartbeatSeconds ?? job.lease.seconds,
  };
  await createQueueOnce(boss, job.name, options);
  await boss.updateQueue(job.name, options);
  state.queues.add(job.name);
}

/** pg-boss ignores a job whose id exists: a key maps to a fixed UUID, so a key queues once. */
export function keyToJobId(name: string, key: string): string {
  const h = hash("sha256", `${name}\u0000${key}`, "hex"); // one-shot: a 7th of createHash's cost
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function sendEmbeddedJob<T>(job: JobDefinition<T>, data: T, options: EnqueueOptions): Promise<void> {
  await sendEmbeddedJobs(job, [{ data, singletonKey: options.singletonKey }], options);
}

/** Many runs of one job in one insert (in the caller's transaction when `db` is one). */
export async function sendEmbeddedJobs<T>(
  job: JobDefinition<T>,
  runs: Array<{ data: T; singletonKey?: string }>,
  options: EnqueueOptions,
): Promise<void> {
  // PGlite is one connection: while the caller's transaction holds it, starting the queue or
  // creating a queue (statements outside that transaction) would wait for the transaction, which
  // waits for us. Then the jobs are sent right after the transaction ends instead; if it rolled
  // back, the jobs find no rows and stop. (The server starts the queue at boot, so this is the
  // path of short-lived processes such as the CLI, which await settleEmbeddedJobs() before exit.)
  const ready = state.started && state.queues.has(job.name);
  if (options.db && !ready && embeddedPglite()) {
    const pending = insert(job, runs, { ...options, db: undefined }).catch((error: unknown) =>
      log.error(`jobs ${job.name} could not be queued`, errorFields(error)),
    );
    state.deferred.add(pending);
    void pending.finally(() => state.deferred.delete(pending));
    return;
  }
  await insert(job, runs, options);
}

async function insert<T>(
  job: JobDefinition<T>,
  runs: Array<{ data: T; singletonKey?: string }>,
  options: EnqueueOptions,
): Promise<void> {
  const boss = await getBoss();
  await ensureQueue(boss, job as unknown as AnyJob);
  await insertJobs(options.db ?? (await getDb()), {
    queue: job.name,
    jobs: runs.map((run) => ({
      id: run.singletonKey ? keyToJobId(job.name, run.singletonKey) : randomUUID(),
      data: run.data,
    })),
    startAfter: options.startAfter,
  });
  wakeWorkersAt(job.name, options.startAfter, Boolean(options.db));
}

/**
 * For a caller whose own statement writes jobs of `job` (lib/db/statements/insert-events.ts: an
 * event's deliveries): the queue's name, the slots of this process's worker the statement may fill
 * with jobs it writes claimed (outside a transaction only: they start as soon as it returns), and
 * `written` to call once the statement ran (or `failed`). Null when this process has not started
 * the queue (a short-lived process such as the CLI, which need not start it for a statement that
 * may queue nothing): then the caller queues the jobs with enqueueJobs, which starts it when there
 * are any.
 */
export async function inlineEmbeddedQueue<T>(
  job: JobDefinition<T>,
  options: { db?: EnqueueOptions["db"] },
): Promise<InlineQueue | null> {
  if (!state.started) return null;
  // PGlite inside the caller's transaction: creating the queue would wait for the transaction.
  if (options.db && !state.queues.has(job.name) && embeddedPglite()) return null;
  await ensureQueue(state.started, job as unknown as AnyJob);
  const worker = state.workers.get(job.name);
  const reservation = worker && !options.db ? reserveSlots(worker) : null;
  return {
    queue: job.name,
    claim: reservation?.slots,
    written: (at, { count, claimed }) => {
      if (reservation) reservation.written(count, claimed);
      else if (count > 0) wakeWorkersAt(job.name, at, Boolean(options.db));
    },
    failed: () => reservation?.cancel(),
  };
}

export interface InlineQueue {
  queue: string;
  /** Slots the statement may fill with jobs it writes claimed (absent: write them all unclaimed). */
  claim?: ClaimSlots;
  /** The statement wrote `count` jobs, of which `claimed` claimed: starts those, wakes the worker for the others. */
  written: (startAfter: Date, jobs: { count: number; claimed: readonly ClaimedJob[] }) => void;
  /** The statement failed (or was not run): gives the slots back. */
  failed: () => void;
}

/** Waits for sends deferred past a transaction (a process about to exit calls this). */
export async function settleEmbeddedJobs(): Promise<void> {
  while (state.deferred.size > 0) await Promise.all([...state.deferred]);
}

// Polling is what makes delivery durable; this only makes it punctual when the job was queued in
// a process that also works the queue. Queued in the caller's transaction, the job is visible only
// once it commits: a small margin lets it, a second wake-up catches a slow commit.
function wakeWorkersAt(queue: string, startAfter: Date | undefined, inTransaction: boolean): void {
  const worker = state.workers.get(queue);
  if (!worker) return;
  const delay = Math.max(0, (startAfter?.getTime() ?? 0) - Date.now());
  if (delay > WAKE_WINDOW_MS) return;
  if (delay === 0 && !inTransaction) return wakeWorker(worker);
  for (const margin of [5, 50]) {
    setTimeout(() => {
      if (state.workers.get(queue) === worker) wakeWorker(worker);
    }, delay + margin).unref();
  }
}

export async function startEmbeddedWorkers(
  jobs: readonly AnyJob[],
  schedules: ReadonlyArray<{ job: AnyJob; cron: string }> = [],
): Promise<void> {
  if (state.workers.size > 0) return; // already working in this process (next dev re-runs start-up)
  const boss = await getBoss();
  for (const job of jobs) {
    await ensureQueue(boss, job);
    state.workers.set(job.name, startWorker(boss, job, { onRetryAt: runAgainAt }));
  }
  for (const { job, cron } of schedules) await boss.schedule(job.name, cron, {});
}

// "Run again at T": the next run is a new job due then, queued before this one completes (a crash
// in between runs this one again, and the key keeps the next one single). A next run whose key is
// this job's own (the same payload again) is keyed by its time as well.
async function runAgainAt(job: AnyJob, jobId: string, next: unknown, at: Date): Promise<void> {
  const typed = job as unknown as JobDefinition<unknown>;
  const key = jobKey(typed, next, {});
  const singletonKey = key && keyToJobId(job.name, key) !== jobId ? key : `${key ?? jobId}@${at.toISOString()}`;
  await insert(typed, [{ data: next, singletonKey }], { startAfter: at });
}

/** Stops workers and the queue (waiting for running jobs up to `timeoutMs`); queued jobs stay in the database. */
export async function stopEmbeddedEngine(timeoutMs = 10_000): Promise<void> {
  await settleEmbeddedJobs();
  const pending = state.boss;
  const workers = [...state.workers.values()];
  state.boss = undefined;
  state.started = undefined;
  state.queues.clear();
  state.workers.clear();
  await Promise.all(workers.map((worker) => stopWorker(worker, timeoutMs)));
  if (!pending) return;
  const boss = await pending.catch(() => undefined);
  // The PGlite handle belongs to lib/db; pg-boss closes only a pool it opened itself.
  await boss?.stop({ graceful: false, wait: true, close: !state.onPglite });
}
