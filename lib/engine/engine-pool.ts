// The forensic engine's worker pool (tinypool, child processes). lib/forensics never runs in the
// server's process: each analysis is a task on one of ENGINE_WORKERS worker processes, at most
// ENGINE_QUEUE more wait, and anything beyond is refused at once (EngineBusyError) instead of
// piling up in memory. The workers run at a lower scheduling priority (ENGINE_NICE, see worker.mjs):
// threads in the server's process would share its priority, and libuv's thread pool (where sharp
// decodes) with it, so a saturated engine would delay every request (bench:scale, /healthz).
// A task that passes ENGINE_DEADLINE_MS has its worker terminated; a worker that crashes is
// dropped; either way tinypool starts a fresh one and the caller gets EngineFailedError.
//
// The pool's state lives on globalThis: `next dev` re-evaluates modules, and in production the
// server (tsx) and Next's bundle each load their own copy of this module but must share one pool.
// Only plain state is shared; errors are built by the calling copy, so `instanceof` holds.
import { availableParallelism } from "node:os";
import path from "node:path";
import Tinypool from "tinypool";
import { loadEnv } from "../env";
import { errorFields, log } from "../log";
import { ForensicInputError, type AnalyseOptions, type ForensicReport } from "../forensics/types";
import { EngineBusyError, EngineFailedError } from "./engine-errors";
import type { EngineMessage, EngineResult, EngineTask, EngineUsage } from "./engine-task";
import { threadBudgetArgv, threadBudgetEnv, threadsPerWorker } from "./thread-budget";

export interface EnginePoolOptions {
  workers: number;
  queue: number;
  deadlineMs: number;
  /** Scheduling priority of the worker processes (nice, 0–19); by default ENGINE_NICE's. */
  nice?: number;
  /**
   * Threads each worker process may keep busy (libvips, libuv's pool, V8's background pool); by default its share of
   * the cores (thread-budget.ts). The benchmark sets 1 to time the engine on one core.
   */
  threads?: number;
  /** The worker entry; tests point it at workers that crash or hang. */
  filename?: string;
}

interface PoolState {
  pool: Tinypool;
  options: EnginePoolOptions;
  inFlight: number;
  /** Moving mean of an analysis's duration, for Retry-After. */
  meanMs: number;
}

const KEY = Symbol.for("credence.engine.pool");
const shared = globalThis as { [KEY]?: PoolState };

/**
 * The entry is found from the working directory, not from this module's URL: inside Next's
 * bundle that URL points into .next/, where the TypeScript sources are not.
 */
export const WORKER_FILE = path.resolve(process.cwd(), "lib/engine/worker.mjs");

export function engineOptionsFromEnv(): EnginePoolOptions {
  const env = loadEnv();
  const workers = env.ENGINE_WORKERS ?? availableParallelism();
  return {
    workers,
    queue: env.ENGINE_QUEUE ?? 4 * workers,
    deadlineMs: env.ENGINE_DEADLINE_MS,
    nice: env.ENGINE_NICE,
  };
}

function state(): PoolState {
  return (shared[KEY] ??= open(engineOptionsFromEnv()));
}

function open(options: EnginePoolOptions): PoolState {
  const threads = options.threads ?? threadsPerWorker(availableParallelism(), options.workers);
  const pool = new Tinypool({
    filename: options.filename ?? WORKER_FILE,
    runtime: "child_process",
    // Documents and reports cross as structured clones (typed arrays stay typed arrays), not JSON.
    serialization: "advanced",
    env: {
      ...(process.env as Record<string, string>),
      ENGINE_NICE: String(options.nice ?? loadEnv().ENGINE_NICE),
      ...threadBudgetEnv(threads),
    },
    minThreads: options.workers,
    maxThreads: options.workers,
    // Admission is ours (analyseInPool); background work may queue past ENGINE_QUEUE.
    maxQueue: Number.MAX_SAFE_INTEGER,
    // Workers must not inherit the parent's loader flags (tsx's, vitest's): worker.mjs sets up its own.
    execArgv: threadBudgetArgv(threads),
    // Warm workers keep their OCR engine and compiled modules; they stay for the process's life.
    idleTimeout: 2 ** 31 - 1,
  });
  return { pool, options, inFlight: 0, meanMs: 3000 };
}

/** Replaces the process's pool (the CLI and benchmarks choose their size; tests their worker). */
export async function configureEnginePool(options: EnginePoolOptions): Promise<void> {
  await closeEnginePool();
  shared[KEY] = open(options);
}

export async function closeEnginePool(): Promise<void> {
  const current = shared[KEY];
  shared[KEY] = undefined;
  if (current) await current.pool.destroy();
}

/** Whether a new analysis would be accepted now (the web flow asks before it charges). */
export function engineRoom(): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const s = state();
  return s.inFlight < s.options.workers + s.options.queue
    ? { ok: true }
    : { ok: false, retryAfterSeconds: retryAfterSeconds(s) };
}

export function engineStats(): { workers: number; queue: number; inFlight: number } {
  const s = state();
  return { workers: s.options.workers, queue: s.options.queue, inFlight: s.inFlight };
}

/** Seconds until a slot is likely free: the work ahead spread over the workers. */
function retryAfterSeconds(s: PoolState): number {
  const ahead = s.inFlight - s.options.workers + 1;
  return Math.min(120, Math.max(1, Math.ceil((s.meanMs * ahead) / s.options.workers / 1000)));
}

/**
 * Runs one analysis in the pool. Throws EngineBusyError when the pool and its queue are full,
 * ForensicInputError for a document the engine refuses, EngineFailedError when the worker crashed
 * or passed its deadline.
 */
export async function analyseInPool(
  bytes: Uint8Array,
  contentType: string,
  options: Pick<AnalyseOptions, "mode" | "calibration" | "overrides" | "limits" | "onProgress" | "signal"> & {
    /**
     * Background work (batch items) waits for a worker however long the queue: the job queue that
     * feeds it already bounds how many wait. Requests someone is waiting on are refused instead.
     */
    background?: boolean;
    /** Told what the analysis cost its worker (the benchmark's timings). */
    onUsage?: (usage: EngineUsage) => void;
  } = {},
): Promise<ForensicReport> {
  const s = state();
  if (!options.background && s.inFlight >= s.options.workers + s.options.queue)
    throw new EngineBusyError(retryAfterSeconds(s));
  s.inFlight++;
  // The deadline counts from the moment a worker takes the task (its "start"), not from the queue.
  const abort = new AbortController();
  let deadline: NodeJS.Timeout | undefined;
  // The worker's messages arrive in order on its IPC channel, all of them before its result.
  const channel = {
    postMessage(message: unknown) {
      const { engine } = (message ?? {}) as Partial<EngineMessage>;
      if (engine === "start") deadline = setTimeout(() => abort.abort("deadline"), s.options.deadlineMs);
      else if (engine) options.onProgress?.(engine);
    },
  };
  const onCallerAbort = () => abort.abort("caller");
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const started = performance.now();
  const task: EngineTask = {
    bytes,
    contentType,
    mode: options.mode ?? "standard",
    calibration: options.calibration,
    overrides: options.overrides,
    limits: options.limits,
  };
  try {
    const result = (await s.pool.run(task, { channel, signal: abort.signal })) as EngineResult;
    s.meanMs = 0.8 * s.meanMs + 0.2 * (performance.now() - started);
    if (result.ok) {
      if (result.usage) options.onUsage?.(result.usage);
      return result.report;
    }
    if ("internal" in result) throw new Error(`forensic engine: ${result.internal}`);
    throw new ForensicInputError(result.code, result.message);
  } catch (error) {
    throw failure(error, abort.signal, s.options.deadlineMs, options.signal);
  } finally {
    s.inFlight--;
    clearTimeout(deadline);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

function failure(error: unknown, abort: AbortSignal, deadlineMs: number, caller?: AbortSignal): unknown {
  if (error instanceof ForensicInputError || (error instanceof Error && error.message.startsWith("forensic engine:")))
    return error;
  if (abort.aborted && abort.reason === "caller") return caller?.reason ?? error;
  if (abort.aborted)
    return new EngineFailedError(
      "engine_timeout",
      `The analysis passed its deadline of ${deadlineMs < 1000 ? `${deadlineMs} ms` : `${Math.round(deadlineMs / 1000)} s`} and was stopped. You were not charged; please try again.`,
    );
  log.error("engine worker crashed", errorFields(error));
  return new EngineFailedError(
    "engine_crashed",
    "The analysis stopped unexpectedly (the engine worker crashed) and was not completed. You were not charged; please try again.",
    { cause: error },
  );
}
