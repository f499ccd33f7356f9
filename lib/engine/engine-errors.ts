// The two ways the pool itself (not the document) ends an analysis. Both leave nothing charged:
// busy refuses before any work, failed ends a verification as `failed` with this message.

/** Every worker is busy and the queue is full: answer 503 engine_busy with Retry-After. */
export class EngineBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `The forensic engine is busy with other documents right now. Retry in ${retryAfterSeconds} s; nothing was charged.`,
    );
    this.name = "EngineBusyError";
  }
}

export type EngineFailureCode = "engine_crashed" | "engine_timeout";

/** The worker crashed or passed its deadline; it has been replaced by a fresh one. */
export class EngineFailedError extends Error {
  constructor(
    readonly code: EngineFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "EngineFailedError";
  }
}
