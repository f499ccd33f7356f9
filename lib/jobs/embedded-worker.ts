// Works one queue of the embedded engine in this process: claims due jobs (claimJobs, a batch at
// a time, never more than the job's concurrency running, never more than its group limit per
// group), runs each on its own and settles each on its own: completed, failed (pg-boss retries it
// with backoff), or "run again at T". A run renews its claim while it lasts when the job has a
// heartbeat, and is given up when its lease is over, as the supervisor does with the runs of a
// process that died, so a hung run does not hold a worker for ever.
//
// One statement is in flight per worker at a time, and it does both halves of the queue's work:
// it completes the runs that ended since the last one (and writes what they handed to
// `ctx.settle`) and claims as many jobs as there are free workers. A run that ends wakes the loop at once only when a due job may be waiting for its slot:
// the worker, or the run's group, was full, or the last claim left due jobs it had no slot for
// (the claim says so; without it, a backlog of one endpoint's deliveries, held to the group's
// limit, refilled its slots once per SETTLE_MS and drained at half speed: bench:webhooks with the
// deliveries queued before the workers start). Otherwise its completion goes with the next claim
// that happens anyway (a job queued in this process, another run's end, the poll), or after
// SETTLE_MS, so under load one round trip settles and replaces many runs (bench:webhooks: waking
// on every end made a claim per three deliveries, each a round trip of ours and a statement of
// PostgreSQL's). A full claim is followed by another at once (more may be due); otherwise the loop
// sleeps until woken or the poll interval passes.
//
// A statement of this process that writes jobs of the queue (an event's deliveries) may also claim
// them for this worker (reserveSlots): written already running, they need no claim of their own,
// which under a burst of events was every other statement. It takes the slots the loop would
// otherwise fill, so the two never claim at once: the loop waits for a reservation to end, and
// nothing is reserved while the loop's statement is in flight or due jobs wait for a slot (the
// oldest go first).
import type PgBoss from "pg-boss";
import { getDb } from "../db";
import { type ClaimedJob, type ClaimSlots, claimJobs } from "../db/statements/claim-jobs";
import { renewJobClaim } from "../db/statements/renew-job-claim";
import { errorFields, log } from "../log";
import type { AnyJob } from "./define-job";

/**
 * Milliseconds between polls for due jobs when nothing woke the worker, doubled after each poll
 * that found none, up to MAX_POLLING_MS: the lateness bound of a job this process was not told of
 * (queued by another instance, put back by the supervisor; a delayed job queued here has a timer).
 * A process works a dozen queues, most of them idle: polled every half second, they made about a
 * third as many statements as a burst of webhook deliveries did, beside them (bench:webhooks).
 */
const POLLING_MS = 500;
const MAX_POLLING_MS = 2000;
/** Jobs claimed in one statement at most. */
const BATCH_SIZE = 16;
/**
 * How long a run that ended may wait for a claim to carry its completion. Until it is completed
 * its job stays active; a process that dies meanwhile has it run again after its lease, and the
 * handlers are idempotent.
 */
const SETTLE_MS = 50;

export interface EmbeddedWorker {
  job: AnyJob;
  boss: PgBoss;
  concurrency: number;
  running: Map<string, Promise<void>>;
  /** Runs in progress per group (only groups with runs). */
  groups: Map<string, number>;
  stopping: boolean;
  woken: boolean;
  wakeup?: () => void;
  loop?: Promise<void>;
  /** Runs that ended, to be completed by the next statement. */
  completed: string[];
  /** What those runs handed to `ctx.settle`, written by the same statement (the job's `settle`). */
  settled: unknown[];
  /** Polls in a row that found nothing (the next waits longer). */
  idlePolls: number;
  /** The last claim left due jobs for want of a slot (Claim.moreDue). */
  moreDue: boolean;
  /** Wakes the loop to complete runs that ended when nothing else has (SETTLE_MS). */
  settleTimer?: NodeJS.Timeout;
  /** The loop's statement is in flight. */
  claiming: boolean;
  /** Slots reserved for jobs another statement writes claimed (reserveSlots); settled when it ends. */
  reserved?: Promise<void>;
  onRetryAt: RetryAtHandler;
}

type RetryAtHandler = (job: AnyJob, jobId: string, payload: unknown, at: Date) => Promise<void>;

export function startWorker(boss: PgBoss, job: AnyJob, options: { onRetryAt: RetryAtHandler }): EmbeddedWorker {
  const worker = idleWorker(boss, job, options);
  worker.loop = loop(worker);
  return worker;
}

/** A worker's state before its loop starts: nothing running, nothing to complete. */
export function idleWorker(boss: PgBoss, job: AnyJob, options: { onRetryAt: RetryAtHandler }): EmbeddedWorker {
  return {
    job,
    boss,
    concurrency: job.concurrency ?? 1,
    running: new Map(),
    groups: new Map(),
    stopping: false,
    woken: false,
    completed: [],
    settled: [],
    idlePolls: 0,
    moreDue: false,
    claiming: false,
    onRetryAt: options.onRetryAt,
  };
}

export function wakeWorker(worker: EmbeddedWorker): void {
  worker.woken = true;
  worker.wakeup?.();
}

async function loop(worker: EmbeddedWorker): Promise<void> {
  const { job } = worker;
  while (!worker.stopping) {
    while (worker.reserved) await worker.reserved;
    worker.woken = false;
    const limit = Math.min(BATCH_SIZE, worker.concurrency - worker.running.size);
    const completed = worker.completed.splice(0);
    const settled = worker.settled.splice(0);
    clearTimeout(worker.settleTimer);
    worker.settleTimer = undefined;
    let claimed: ClaimedJob[] = [];
    worker.claiming = true;
    try {
      ({ jobs: claimed, moreDue: worker.moreDue } = await claimJobs(await getDb(), {
        queue: job.name,
        limit,
        completed,
        settle: job.settle?.(settled),
        group: job.group && { ...job.group, running: worker.groups },
        preload: job.preload,
      }));
    } catch (error) {
      // With the next statement.
      worker.completed.push(...completed);
      worker.settled.push(...settled);
      log.warn(`job queue ${job.name}: claiming failed`, errorFields(error));
      // Not at once again, however many runs end meanwhile: the database may be away.
      await new Promise((resolve) => setTimeout(resolve, POLLING_MS));
      continue;
    } finally {
      worker.claiming = false;
    }
    for (const queued of claimed) start(worker, queued);
    if (worker.stopping) break;
    const full = limit > 0 && claimed.length === limit && worker.running.size < worker.concurrency;
    worker.idlePolls = claimed.length > 0 || worker.woken ? 0 : worker.idlePolls + 1;
    if (!full && !worker.woken) await sleep(worker);
  }
}

function sleep(worker: EmbeddedWorker): Promise<void> {
  return new Promise((resolve) => {
    const backoff = 2 ** Math.max(0, worker.idlePolls - 1);
    const timer = setTimeout(done, Math.min(MAX_POLLING_MS, POLLING_MS * backoff));
    function done() {
      clearTimeout(timer);
      worker.wakeup = undefined;
      resolve();
    }
    worker.wakeup = done;
  });
}

/** What a statement writing jobs of the worker's queue may claim for it, and how it hands them over. */
export interface SlotReservation {
  /** Absent: write them all unclaimed (see reserveSlots). */
  slots?: ClaimSlots;
  /** The statement wrote `count` jobs, of which `claimed` claimed: starts those, has the others claimed. */
  written(count: number, claimed: readonly ClaimedJob[]): void;
  /** The statement failed: gives the slots back. */
  cancel(): void;
}

/**
 * Free slots of the worker for a statement about to write jobs of its queue, due now (outside a
 * transaction: claimed jobs start as soon as it returns). None while the loop is claiming, another
 * statement holds them, due jobs wait for a slot, or none is free.
 *
 * The jobs written unclaimed are the loop's. While it is claiming (its statement did not see them),
 * they wait for its next statement, at most SETTLE_MS: under a burst of events, the loop woken at
 * once claimed every time the next events were written, so their slots were never free again.
 */
export function reserveSlots(worker: EmbeddedWorker): SlotReservation {
  const limit = Math.min(BATCH_SIZE, worker.concurrency - worker.running.size);
  if (worker.stopping || worker.claiming || worker.reserved || worker.moreDue || limit <= 0)
    return {
      written(count) {
        if (count === 0) return;
        if (worker.claiming) settleSoon(worker);
        else wakeWorker(worker);
      },
      cancel() {},
    };
  let release!: () => void;
  const reserved = new Promise<void>((resolve) => {
    release = () => {
      if (worker.reserved === reserved) worker.reserved = undefined;
      resolve();
    };
  });
  worker.reserved = reserved;
  return {
    slots: { limit, groupLimit: worker.job.group?.limit ?? limit, running: [...worker.groups] },
    written(count, claimed) {
      release();
      for (const queued of claimed) {
        if (worker.stopping) void handBack(worker, queued.id, "the worker stopped before the job started");
        else start(worker, queued);
      }
      // Left for want of a slot (of the worker, or of their group): claimed when one is free.
      if (count > claimed.length) wakeWorker(worker);
    },
    cancel: () => release(),
  };
}

function handBack(worker: EmbeddedWorker, id: string, message: string): Promise<void> {
  return worker.boss
    .fail(worker.job.name, id, { message })
    .catch((error: unknown) => log.warn(`job queue ${worker.job.name}: handing back failed`, errorFields(error)));
}

function start(worker: EmbeddedWorker, queued: ClaimedJob): void {
  const field = worker.job.group?.field;
  const value = field ? (queued.data as Record<string, unknown> | null)?.[field] : undefined;
  const group = typeof value === "string" ? value : undefined;
  if (group) worker.groups.set(group, (worker.groups.get(group) ?? 0) + 1);
  const run = runOne(worker, queued).finally(() => {
    // Due jobs left unclaimed for want of a slot may be waiting for this one.
    const slotWanted =
      worker.moreDue ||
      worker.running.size >= worker.concurrency ||
      (group !== undefined && (worker.groups.get(group) ?? 0) >= (worker.job.group?.limit ?? Infinity));
    worker.running.delete(queued.id);
    if (group) {
      const n = (worker.groups.get(group) ?? 1) - 1;
      if (n > 0) worker.groups.set(group, n);
      else worker.groups.delete(group);
    }
    if (slotWanted) wakeWorker(worker);
    else settleSoon(worker);
  });
  worker.running.set(queued.id, run);
}

/** Completes the runs that ended within SETTLE_MS, with whatever claim comes first. */
function settleSoon(worker: EmbeddedWorker): void {
  if (worker.stopping) return; // stopWorker completes them
  worker.settleTimer ??= setTimeout(() => {
    worker.settleTimer = undefined;
    wakeWorker(worker);
  }, SETTLE_MS);
}

async function runOne(worker: EmbeddedWorker, queued: ClaimedJob): Promise<void> {
  const { job } = worker;
  const lease = job.lease;
  const heartbeat = lease.heartbeatSeconds
    ? setInterval(
        () =>
          void getDb()
            .then((db) =>
              renewJobClaim(db, {
                queue: job.name,
                id: queued.id,
                heartbeatSeconds: lease.heartbeatSeconds!,
                leaseSeconds: lease.seconds,
              }),
            )
            .catch((error: unknown) => log.warn(`job ${job.name}: renewing its claim failed`, errorFields(error))),
        (lease.heartbeatSeconds * 1000) / 2,
      )
    : undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  const leaseOver = new Promise<never>((_, reject) => {
    leaseTimer = setTimeout(
      () => reject(new Error(`run passed its lease of ${lease.seconds} s`)),
      lease.seconds * 1000,
    );
  });
  const results: unknown[] = [];
  try {
    const payload = job.schema.parse(queued.data);
    const answer = await Promise.race([
      job.handle(payload as never, {
        attempt: queued.retryCount + 1,
        ...(job.preload ? { preloaded: queued.preloaded } : {}),
        ...(job.settle ? { settle: (result: unknown) => void results.push(result) } : {}),
      }),
      leaseOver,
    ]);
    if (answer) await worker.onRetryAt(job, queued.id, answer.payload ?? payload, answer.retryAt);
    worker.completed.push(queued.id);
    worker.settled.push(...results);
  } catch (error) {
    log.warn(`job ${job.name} failed`, { jobId: queued.id, attempt: queued.retryCount + 1, ...errorFields(error) });
    await worker.boss
      .fail(job.name, queued.id, { message: error instanceof Error ? error.message : String(error) })
      .catch((failure: unknown) => log.warn(`job ${job.name}: recording a failure failed`, errorFields(failure)));
  } finally {
    clearInterval(heartbeat);
    clearTimeout(leaseTimer);
  }
}

// What the loop left to complete when it stopped. One lost (this fails, the process dies) is a
// job run again after its lease: its handler is idempotent.
async function flushCompleted(worker: EmbeddedWorker): Promise<void> {
  const completed = worker.completed.splice(0);
  const settle = worker.job.settle?.(worker.settled.splice(0));
  await claimJobs(await getDb(), { queue: worker.job.name, limit: 0, completed, settle }).catch((error: unknown) =>
    log.warn(`job queue ${worker.job.name}: completing failed`, errorFields(error)),
  );
}

/**
 * Stops claiming, waits up to `timeoutMs` for the runs in progress, then hands those still running
 * back to the queue (failed: retried by any instance) and records the completions.
 */
export async function stopWorker(worker: EmbeddedWorker, timeoutMs: number): Promise<void> {
  worker.stopping = true;
  clearTimeout(worker.settleTimer);
  wakeWorker(worker);
  await worker.loop;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(worker.running.values()),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
  const left = [...worker.running.keys()];
  await Promise.all(left.map((id) => handBack(worker, id, "the worker stopped while the job was running")));
  await flushCompleted(worker);
}
