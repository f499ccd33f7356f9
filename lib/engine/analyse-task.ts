// The worker side of the engine pool: one task is one analysis. Runs inside a worker thread (see
// worker.mjs), so the pixel loops, PDF rendering and the OCR worker it starts stay off the
// server's event loop.
import { analyseDocument } from "../forensics";
import { ForensicInputError } from "../forensics/types";
import type { EngineResult, EngineTask } from "./engine-task";

export default async function analyseTask(task: EngineTask): Promise<EngineResult> {
  task.progress.postMessage("start");
  try {
    const report = await analyseDocument(task.bytes, task.contentType, {
      mode: task.mode,
      calibration: task.calibration,
      overrides: task.overrides,
      limits: task.limits,
      onProgress: (event) => task.progress.postMessage(event),
    });
    return { ok: true, report };
  } catch (error) {
    if (error instanceof ForensicInputError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, internal: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  } finally {
    // The result travels on another port: "end" tells the caller every progress event has arrived.
    task.progress.postMessage("end");
    task.progress.close();
  }
}
