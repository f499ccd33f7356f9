// The worker side of the engine pool: one task is one analysis. Runs inside a worker process (see
// worker.mjs), so the pixel loops, image decoding, PDF rendering and the OCR worker it starts stay
// off the server's event loop, at a lower scheduling priority than the server.
import sharp from "sharp";
import { analyseDocument } from "../forensics";
import { ForensicInputError } from "../forensics/types";
import type { EngineMessage, EngineResult, EngineTask } from "./engine-task";
import { workerThreads } from "./thread-budget";

// libvips gets this worker's share of the cores (thread-budget.ts), not every core of the machine.
sharp.concurrency(workerThreads());

const post = (message: EngineMessage) => process.send?.(message);

export default async function analyseTask(task: EngineTask): Promise<EngineResult> {
  post({ engine: "start" });
  // The worker runs one task at a time, so the process's CPU time is this analysis's: every
  // thread it kept busy (libvips, tesseract's), which is what it costs a core.
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const report = await analyseDocument(task.bytes, task.contentType, {
      mode: task.mode,
      calibration: task.calibration,
      overrides: task.overrides,
      limits: task.limits,
      onProgress: (event) => post({ engine: event }),
    });
    const used = process.cpuUsage(cpu);
    return {
      ok: true,
      report,
      usage: { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started },
    };
  } catch (error) {
    if (error instanceof ForensicInputError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, internal: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
