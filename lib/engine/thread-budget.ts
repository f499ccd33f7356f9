// How many threads one engine worker process may keep busy. A worker is not one thread: sharp
// runs each operation on libuv's thread pool (4 threads by default) and spreads it over libvips'
// own threads (one per core by default), V8 collects garbage and compiles on 4 threads of its own
// beside the worker's (an A4 scan's page buffers keep them busy: ~0.5–1 s of CPU a scan, measured
// per thread in /proc), and tesseract recognises on a thread of its own. With
// ENGINE_WORKERS workers each sized for the whole machine, N workers on N cores run several
// times N threads that take the cores from one another (bench:scale: 2 workers reached 1.65×
// one worker on 2 cores, each worker using 1.09 cores alone). So each worker gets its share of
// the cores for libvips and libuv; tesseract's thread stays (it runs while the worker's own
// thread waits for it, except for a zone read beside the pixel checks).
import { availableParallelism } from "node:os";

/** The cores each of `workers` workers may use: an equal share, at least one. */
export function threadsPerWorker(cores: number, workers: number): number {
  if (!(cores >= 1) || !(workers >= 1)) return 1;
  return Math.max(1, Math.floor(cores / workers));
}

/** The environment a worker process starts with so its thread pools fit its share. */
export function threadBudgetEnv(threads: number): Record<string, string> {
  // libuv reads UV_THREADPOOL_SIZE when its pool first starts, so it must be set before the
  // worker process runs any code; ENGINE_THREADS tells the worker what to give libvips.
  return { ENGINE_THREADS: String(threads), UV_THREADPOOL_SIZE: String(threads) };
}

/** The flags a worker process starts with so V8's background threads fit its share. */
export function threadBudgetArgv(threads: number): string[] {
  return [`--v8-pool-size=${threads}`];
}

/** The budget a worker process was started with (ENGINE_THREADS), or the machine's cores. */
export function workerThreads(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.ENGINE_THREADS);
  return Number.isInteger(n) && n >= 1 ? n : availableParallelism();
}
