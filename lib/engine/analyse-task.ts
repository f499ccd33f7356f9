// The worker side of the engine pool: one task is one analysis. Runs inside a worker process (see
// worker.mjs), so the pixel loops, image decoding, PDF rendering and the OCR worker it starts stay
// off the server's event loop, at a lower scheduling priority than the server.
import { analyseDocument } from "../forensics";
import { ForensicInputError } from "../forensics/types";
import type { EngineMessage, EngineResult, EngineTask } from "./engine-task";

const post = (message: EngineMessage) => process.send?.(message);

export default async function analyseTask(task: EngineTask): Promise<EngineResult> {
  post({ engine: "start" });
  try {
    const report = await analyseDocument(task.bytes, task.contentType, {
      mode: task.mode,
      calibration: task.calibration,
      overrides: task.overrides,
      limits: task.limits,
      onProgress: (event) => post({ engine: event }),
    });
    return { ok: true, report };
  } catch (error) {
    if (error instanceof ForensicInputError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, internal: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
