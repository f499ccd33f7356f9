// The engine pool with real worker threads running the real engine: progress crosses the thread
// boundary, a full pool refuses at once, and a worker that passes its deadline or crashes is
// replaced (the next analysis runs) while its caller gets a clear EngineFailedError.
import { availableParallelism } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diplomaPdf } from "../../tests/integration/app-documents";
import { ForensicInputError, type ProgressEvent } from "../forensics/types";
import { EngineBusyError, EngineFailedError } from "./engine-errors";
import { analyseInPool, closeEnginePool, configureEnginePool, engineRoom, engineStats } from "./engine-pool";
import type { EngineUsage } from "./engine-task";
import { threadsPerWorker } from "./thread-budget";

const CRASH_WORKER = path.resolve(__dirname, "../../tests/fixtures/engine-crash-worker.mjs");
const BUDGET_WORKER = path.resolve(__dirname, "../../tests/fixtures/engine-env-worker.mjs");

afterEach(() => closeEnginePool());

describe("engine pool", () => {
  it("returns the report, forwards every progress event from the worker and tells what the analysis cost it", async () => {
    await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 60_000 });
    const events: ProgressEvent[] = [];
    const usage: EngineUsage[] = [];
    const report = await analyseInPool(await diplomaPdf(), "application/pdf", {
      onProgress: (e) => events.push(e),
      onUsage: (u) => usage.push(u),
    });
    expect(report.verdict).toBe("VERIFIED");
    expect(events[0]).toMatchObject({ type: "stage", stage: "decode", status: "start" });
    expect(events.filter((e) => e.type === "stage" && e.status === "complete").map((e) => e.stage)).toEqual([
      "decode",
      "classify",
      "read",
      "checks",
      "fuse",
    ]);
    expect(usage).toHaveLength(1);
    expect(usage[0].cpuMs).toBeGreaterThan(0);
    expect(usage[0].wallMs).toBeGreaterThan(0);
  });

  it("starts each worker with its share of the cores for libvips, libuv's pool and V8's background threads", async () => {
    await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 60_000, threads: 1, filename: BUDGET_WORKER });
    expect(await analyseInPool(new Uint8Array([1]), "application/x-budget")).toEqual({
      threads: "1",
      uvPool: "1",
      vips: 1,
      v8Pool: "--v8-pool-size=1",
    });
    const workers = 2;
    await configureEnginePool({ workers, queue: 0, deadlineMs: 60_000, filename: BUDGET_WORKER });
    const share = threadsPerWorker(availableParallelism(), workers);
    expect(await analyseInPool(new Uint8Array([1]), "application/x-budget")).toEqual({
      threads: String(share),
      uvPool: String(share),
      vips: share,
      v8Pool: `--v8-pool-size=${share}`,
    });
  });

  it("keeps the engine's input errors as ForensicInputError", async () => {
    await configureEnginePool({ workers: 1, queue: 0, deadlineMs: 60_000 });
    const error = await analyseInPool(new Uint8Array(0), "application/pdf").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForensicInputError);
    expect(error).toMatchObject({ code: "empty_file" });
  });

  it("refuses beyond workers + queue with a Retry-After, and has room again afterwards", async () => {
    await configureEnginePool({ workers: 1, queue: 1, deadlineMs: 60_000 });
    const pdf = await diplomaPdf();
    const running = [analyseInPool(pdf, "application/pdf"), analyseInPool(pdf, "application/pdf")];
    expect(engineStats()).toMatchObject({ workers: 1, queue: 1, inFlight: 2 });
    expect(engineRoom()).toMatchObject({ ok: false });
    const refused = await analyseInPool(pdf, "application/pdf").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EngineBusyError);
    expect((refused as EngineBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Background work (batch items) queues anyway.
    running.push(analyseInPool(pdf, "application/pdf", { background: true }));
    expect((await Promise.all(running)).map((r) => r.verdict)).toEqual(["VERIFIED", "VERIFIED", "VERIFIED"]);
    expect(engineRoom()).toEqual({ ok: true });
  });

  it("stops a worker that passes its deadline, fails that analysis and runs the next on a fresh worker", async () => {
    await configureEnginePool({ workers: 1, queue: 1, deadlineMs: 50 });
    const pdf = await diplomaPdf();
    const late = await analyseInPool(pdf, "application/pdf").catch((e: unknown) => e);
    expect(late).toBeInstanceOf(EngineFailedError);
    expect(late).toMatchObject({
      code: "engine_timeout",
      message: expect.stringMatching(/deadline of 50 ms.*not charged/),
    });
    await configureEnginePool({ workers: 1, queue: 1, deadlineMs: 60_000 });
    expect((await analyseInPool(pdf, "application/pdf")).verdict).toBe("VERIFIED");
  });

  it("replaces a worker that crashes: its analysis fails clearly, the others run", async () => {
    await configureEnginePool({ workers: 1, queue: 2, deadlineMs: 60_000, filename: CRASH_WORKER });
    const pdf = await diplomaPdf();
    const [crashed, next] = await Promise.allSettled([
      analyseInPool(new Uint8Array([1]), "application/x-crash"),
      analyseInPool(pdf, "application/pdf"),
    ]);
    expect(crashed.status === "rejected" && crashed.reason).toBeInstanceOf(EngineFailedError);
    expect(crashed.status === "rejected" && crashed.reason).toMatchObject({
      code: "engine_crashed",
      message: expect.stringMatching(/worker crashed.*not charged/),
    });
    if (next.status === "rejected") throw next.reason;
    expect(next.value.verdict).toBe("VERIFIED");
    expect(engineStats().inFlight).toBe(0);
  });
});
