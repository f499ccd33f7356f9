// The embedded engine: pg-boss on the application's own database (the PostgreSQL of DATABASE_URL,
// or the embedded PGlite handle the app already has open), so queued jobs survive restarts with
// nothing else to run. One PgBoss per process, started on first use; workers only where
// startJobWorkers() (server/jobs.ts) asks for them (the server process, tests).
import { createHash } from "node:crypto";
import { fromPglite, fromPrisma, type Job, type JobResult, PgBoss, type WorkOptions } from "pg-boss";
import { embeddedPglite, getDb } from "../db";
import { loadEnv } from "../env";
import { errorFields, log } from "../log";
import { type AnyJob, type EnqueueOptions, type JobDefinition, jobKey } from "./define-job";

/** Seconds between polls for due jobs; also the lateness bound of a delayed job. */
const POLLING_SECONDS = 0.5;
/**
 * How often every instance's supervisor looks for runs whose lease is over (their process died)
 * and puts them back in the queue: a lost run starts again within its lease plus this.
 */
export const SUPERVISE_SECONDS = 5;
const SCHEMA = "pgboss";
/** Jobs one worker of a concurrent queue takes per fetch. */
const BATCH_SIZE = 4;

/** Delayed jobs due within this window also get an in-process wake-up at their time. */
const WAKE_WINDOW_MS = 5 * 60 * 1000;

interface EmbeddedState {
  boss?: Promise<PgBoss>;
  queues: Set<string>;
  /** Worker ids of this process per queue, to wake them when a job is due. */
  workers: Map<string, string[]>;
  /** The started queue, once it is. */
  started?: PgBoss;
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
  const env = loadEnv();
  await getDb(); // opens (and migrates) the embedded PGlite when there is no DATABASE_URL
  const pglite = embeddedPglite();
  const boss = env.DATABASE_URL
    ? new PgBoss({ connectionString: env.DATABASE_URL, schema: SCHEMA, max: 4, ...SUPERVISION })
    : new PgBoss({ db: fromPglite(pglite!), backend: "pglite", schema: SCHEMA, ...SUPERVISION });
  boss.on("error", (error: unknown) => log.error("job queue error", errorFields(error)));
  await boss.start();
  state.started = boss;
  return boss;
}

const SUPERVISION = { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS };

// The job's lease becomes the queue's expiry (and heartbeat); updating an existing queue makes a
// changed lease apply to the jobs queued from now on.
async function ensureQueue(boss: PgBoss, job: AnyJob): Promise<void> {
  if (state.queues.has(job.name)) return;
  const options = {
    retryLimit: job.retry?.limit ?? 2,
    retryDelay: job.retry?.delaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: job.lease.seconds,
  };
  const heartbeat = job.lease.heartbeatSeconds;
  await boss.createQueue(job.name, heartbeat ? { ...options, heartbeatSeconds: heartbeat } : options);
  await boss.updateQueue(job.name, { ...options, heartbeatSeconds: heartbeat ?? null });
  state.queues.add(job.name);
}

/** pg-boss ignores a job whose id exists: a key maps to a fixed UUID, so a key queues once. */
export function keyToJobId(name: string, key: string): string {
  const h = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function sendEmbeddedJob<T>(job: JobDefinition<T>, data: T, options: EnqueueOptions): Promise<void> {
  // PGlite is one connection: while the caller's transaction holds it, starting the queue or
  // creating a queue (statements outside that transaction) would wait for the transaction, which
  // waits for us. Then the job is sent right after the transaction ends instead; if it rolled
  // back, the job finds no rows and stops. (The server starts the queue at boot, so this is the
  // path of short-lived processes such as the CLI, which await settleEmbeddedJobs() before exit.)
  const ready = state.started && state.queues.has(job.name);
  if (options.db && !ready && !loadEnv().DATABASE_URL) {
    const pending = send(job, data, { ...options, db: undefined }).catch((error: unknown) =>
      log.error(`job ${job.name} could not be queued`, errorFields(error)),
    );
    state.deferred.add(pending);
    void pending.finally(() => state.deferred.delete(pending));
    return;
  }
  await send(job, data, options);
}

async function send<T>(job: JobDefinition<T>, data: T, options: EnqueueOptions): Promise<void> {
  const boss = await getBoss();
  await ensureQueue(boss, job);
  await boss.send(job.name, data as object, {
    startAfter: options.startAfter,
    id: options.singletonKey ? keyToJobId(job.name, options.singletonKey) : undefined,
    db: options.db ? fromPrisma(options.db) : undefined,
  });
  wakeWorkersAt(boss, job.name, options.startAfter);
}

/** Many runs of one job in one insert (in the caller's transaction when `db` is one, as sendEmbeddedJob). */
export async function sendEmbeddedJobs<T>(
  job: JobDefinition<T>,
  runs: Array<{ data: T; singletonKey?: string }>,
  options: EnqueueOptions,
): Promise<void> {
  const ready = state.started && state.queues.has(job.name);
  if (options.db && !ready && !loadEnv().DATABASE_URL) {
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
  await ensureQueue(boss, job);
  await boss.insert(
    job.name,
    runs.map((run) => ({
      data: run.data as object,
      startAfter: options.startAfter,
      id: run.singletonKey ? keyToJobId(job.name, run.singletonKey) : undefined,
    })),
    { db: options.db ? fromPrisma(options.db) : undefined },
  );
  wakeWorkersAt(boss, job.name, options.startAfter);
}

/** Waits for sends deferred past a transaction (a process about to exit calls this). */
export async function settleEmbeddedJobs(): Promise<void> {
  while (state.deferred.size > 0) await Promise.all([...state.deferred]);
}

// Polling (every POLLING_SECONDS) is what makes delivery durable; this only makes it punctual
// when the job was queued in a process that also works the queue. A small margin lets the
// caller's transaction commit first.
function wakeWorkersAt(boss: PgBoss, queue: string, startAfter: Date | undefined): void {
  const ids = state.workers.get(queue);
  if (!ids?.length) return;
  const delay = Math.max(0, (startAfter?.getTime() ?? 0) - Date.now());
  if (delay > WAKE_WINDOW_MS) return;
  for (const margin of [5, 50]) {
    setTimeout(() => {
      if (state.workers.get(queue) === ids) for (const id of ids) boss.notifyWorker(id);
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
    // pg-boss pauses a worker for the polling interval after every fetch unless the fetch came back
    // full, so concurrent jobs are fetched a few at a time (a full batch fetches again at once);
    // each job of a batch settles on its own.
    const concurrency = job.concurrency ?? 1;
    const id = await boss.work<unknown, unknown, WorkOptions & { perJobResults: true }>(
      job.name,
      {
        localConcurrency: concurrency,
        batchSize: concurrency > 1 ? BATCH_SIZE : 1,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: POLLING_SECONDS,
        perJobResults: true,
      },
      (batch) => Promise.all(batch.map((queued) => runOne(job, queued))),
    );
    state.workers.set(job.name, [...(state.workers.get(job.name) ?? []), id]);
  }
  for (const { job, cron } of schedules) await boss.schedule(job.name, cron, {});
}

async function runOne(job: AnyJob, queued: Job<unknown>): Promise<JobResult> {
  try {
    const payload = job.schema.parse(queued.data);
    const answer = await job.handle(payload as never, { attempt: queued.retryCount + 1 });
    // "Run again at T": the next run is a new job due then, queued before this one completes (a
    // crash in between runs this one again, and the key keeps the next one single). A next run
    // whose key is this job's own (the same payload again) is keyed by its time as well.
    if (answer) {
      const next = answer.payload ?? payload;
      const key = jobKey(job as JobDefinition<unknown>, next, {});
      const singletonKey =
        key && keyToJobId(job.name, key) !== queued.id ? key : `${key ?? queued.id}@${answer.retryAt.toISOString()}`;
      await send(job as JobDefinition<unknown>, next, { startAfter: answer.retryAt, singletonKey });
    }
    return { id: queued.id, status: "completed" };
  } catch (error) {
    log.warn(`job ${job.name} failed`, { jobId: queued.id, attempt: queued.retryCount + 1, ...errorFields(error) });
    return {
      id: queued.id,
      status: "failed",
      output: { message: error instanceof Error ? error.message : String(error) },
    };
  }
}

/** Stops workers and the queue (waiting for running jobs up to `timeoutMs`); queued jobs stay in the database. */
export async function stopEmbeddedEngine(timeoutMs = 10_000): Promise<void> {
  await settleEmbeddedJobs();
  const pending = state.boss;
  state.boss = undefined;
  state.started = undefined;
  state.queues.clear();
  state.workers.clear();
  if (!pending) return;
  const boss = await pending.catch(() => undefined);
  // The PGlite handle belongs to lib/db; pg-boss closes only a pool it opened itself.
  await boss?.stop({ graceful: true, timeout: timeoutMs, close: Boolean(loadEnv().DATABASE_URL) });
}
