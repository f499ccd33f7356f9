// What crosses the process boundary between the server and an engine worker process: the document
// and the options (structured clone over the IPC channel), and back on the same channel, in order,
// "start" when the worker takes the task (the deadline counts from there), then the engine's
// progress events as they happen, then the result. Failures come back as values: a thrown
// ForensicInputError would lose its class in the clone, and a rejection from the pool then always
// means the worker itself failed.
import type {
  CalibrationModel,
  EngineLimits,
  ForensicErrorCode,
  ForensicReport,
  ProgressEvent,
  FusionOverrides,
  VerificationMode,
} from "../forensics/types";

export interface EngineTask {
  bytes: Uint8Array;
  contentType: string;
  mode: VerificationMode;
  calibration?: CalibrationModel;
  /** The fusion overrides in force (read from the database by the caller: the engine reads none). */
  overrides?: FusionOverrides;
  limits?: Partial<EngineLimits>;
}

/** What a worker posts to the caller beside the result (process.send), told apart by its key. */
export interface EngineMessage {
  engine: "start" | ProgressEvent;
}

/** What one analysis cost its worker process: CPU time of all its threads, and elapsed time. */
export interface EngineUsage {
  cpuMs: number;
  wallMs: number;
}

export type EngineResult =
  | { ok: true; report: ForensicReport; usage?: EngineUsage }
  /** The engine refused the document (ForensicInputError). */
  | { ok: false; code: ForensicErrorCode; message: string }
  /** A bug in the engine: an internal error, not the document's fault. */
  | { ok: false; internal: string };
