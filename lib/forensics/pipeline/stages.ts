// Every stage reports its start, its progress messages and its completion with a duration,
// so the /verify stream can show what the engine is doing.
import type { ProgressEvent, StageName } from "../types";

export type Emit = (event: ProgressEvent) => void;

export function safeEmitter(onProgress?: (event: ProgressEvent) => void): Emit {
  return (event) => {
    try {
      onProgress?.(event);
    } catch {
      // A failing listener must not fail the analysis.
    }
  };
}

export async function runStage<T>(
  emit: Emit,
  timings: Partial<Record<StageName, number>>,
  stage: StageName,
  label: string,
  work: (log: (message: string) => void) => Promise<T>,
  details?: (result: T) => Record<string, unknown>,
): Promise<T> {
  const started = performance.now();
  emit({ type: "stage", stage, status: "start", label });
  const result = await work((message) => emit({ type: "progress", stage, message }));
  const duration = Math.round(performance.now() - started);
  timings[stage] = duration;
  emit({ type: "stage", stage, status: "complete", label, duration_ms: duration, details: details?.(result) });
  return result;
}
