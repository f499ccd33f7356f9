import { describe, expect, it } from "vitest";
import { threadBudgetArgv, threadBudgetEnv, threadsPerWorker, workerThreads } from "./thread-budget";

describe("engine worker thread budget", () => {
  it("gives each worker an equal share of the cores, at least one", () => {
    expect(threadsPerWorker(2, 1)).toBe(2);
    expect(threadsPerWorker(2, 2)).toBe(1);
    expect(threadsPerWorker(8, 2)).toBe(4);
    expect(threadsPerWorker(8, 3)).toBe(2);
    // More workers than cores (an operator's choice): never zero threads.
    expect(threadsPerWorker(2, 4)).toBe(1);
    expect(threadsPerWorker(0, 1)).toBe(1);
    expect(threadsPerWorker(4, 0)).toBe(1);
  });

  it("never lets the workers' shares add up to more than the cores when there are at least as many cores", () => {
    for (let cores = 1; cores <= 64; cores++)
      for (let workers = 1; workers <= cores; workers++)
        expect(threadsPerWorker(cores, workers) * workers).toBeLessThanOrEqual(cores);
  });

  it("hands the budget to the worker's libuv pool, libvips and V8 through its environment and flags", () => {
    expect(threadBudgetEnv(1)).toEqual({ ENGINE_THREADS: "1", UV_THREADPOOL_SIZE: "1" });
    expect(threadBudgetArgv(2)).toEqual(["--v8-pool-size=2"]);
    expect(workerThreads({ ENGINE_THREADS: "3" })).toBe(3);
    expect(workerThreads({ ENGINE_THREADS: "0" })).toBeGreaterThanOrEqual(1);
    expect(workerThreads({})).toBeGreaterThanOrEqual(1);
  });
});
