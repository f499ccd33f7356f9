// One deadline per analysis: the caller's AbortSignal and the engine's own timeout combined.
// Work that cannot be interrupted (a page render, an OCR call) is raced against it, and loops
// call check() between units of work, so a hostile file ends in an error instead of a hang.
import { ForensicInputError } from "../types";

export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly unlink: () => void;

  constructor(
    readonly timeoutMs: number,
    outer?: AbortSignal,
  ) {
    const timeoutError = new ForensicInputError(
      "timeout",
      `The analysis took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`,
    );
    this.timer = setTimeout(() => this.controller.abort(timeoutError), timeoutMs);
    this.timer.unref?.();
    const onOuterAbort = () =>
      this.controller.abort(outer?.reason ?? new ForensicInputError("timeout", "The analysis was aborted."));
    if (outer?.aborted) onOuterAbort();
    outer?.addEventListener("abort", onOuterAbort, { once: true });
    this.unlink = () => outer?.removeEventListener("abort", onOuterAbort);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Throws the abort reason (a timeout ForensicInputError, or the caller's reason) once aborted. */
  check(): void {
    if (this.controller.signal.aborted) throw this.controller.signal.reason;
  }

  /** Settles with `work`, or rejects as soon as the deadline passes (the work itself may linger). */
  race<T>(work: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    // Whatever the work does after the deadline, its late rejection must not go unhandled.
    work.catch(() => undefined);
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      work.then(
        (v) => {
          signal.removeEventListener("abort", onAbort);
          resolve(v);
        },
        (e) => {
          signal.removeEventListener("abort", onAbort);
          reject(e);
        },
      );
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unlink();
  }
}
