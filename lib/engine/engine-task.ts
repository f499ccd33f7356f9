// What crosses the thread boundary between the server and an engine worker: the document (its
// bytes transferred, not copied twice), the options, and a port on which the worker posts "start"
// when it takes the task (the deadline counts from there), then the engine's progress events as
// they happen, then "end" (messages on two ports keep no order between them, so the caller waits
// for it before taking the result as complete). Failures come back as values: a thrown ForensicInputError would lose its class in
// the structured clone, and a rejection from the pool then always means the worker itself failed.
import type { MessagePort } from "node:worker_threads";
import type {
  CalibrationModel,
  EngineLimits,
  ForensicErrorCode,
  ForensicReport,
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
  /** Receives "start", every ProgressEvent, then "end"; closed by the worker when the analysis ends. */
  progress: MessagePort;
}

export type EngineResult =
  | { ok: true; report: ForensicReport }
  /** The engine refused the document (ForensicInputError). */
  | { ok: false; code: ForensicErrorCode; message: string }
  /** A bug in the engine: an internal error, not the document's fault. */
  | { ok: false; internal: string };
