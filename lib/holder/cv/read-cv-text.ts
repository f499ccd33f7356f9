// Reads a CV's text in a thread apart, so a hostile file cannot stall the server: the thread is
// ended after READ_TIMEOUT_MS, and its heap is capped (a file that needs more fails cleanly).
// The threads are a small pool kept warm between CVs: starting one (tsx, pdfjs) takes seconds,
// and every thread started and ended left ~15 MB of the process's memory behind (30 CVs read
// one thread each grew it by 400 MB). A thread ended for its deadline or its memory is replaced.
//
// The pool lives on globalThis, as the engine's does: Next's bundle and the server each load
// their own copy of this module but must share one pool.
import path from "node:path";
import Tinypool from "tinypool";
import { errorFields, log } from "../../log";
import { CvInputError } from "./cv-errors";
import type { CvType } from "./sniff-cv";

export const READ_TIMEOUT_MS = 30_000;
const MAX_HEAP_MB = 384;
/** CVs read at once (the parse job's concurrency). */
export const CV_READERS = 2;
/** A reader idle this long is ended; the next CV starts one again. */
const IDLE_MS = 10 * 60_000;

/** Found from the working directory: inside Next's bundle this module's URL points into .next/. */
const WORKER_FILE = path.resolve(process.cwd(), "lib/holder/cv/cv-text-worker.mjs");

type Answer = { ok: true; text: string } | { ok: false; message: string } | { ok: false; internal: string };

const KEY = Symbol.for("credence.cv.readers");
const shared = globalThis as { [KEY]?: Tinypool };

function readers(): Tinypool {
  return (shared[KEY] ??= new Tinypool({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: CV_READERS,
    idleTimeout: IDLE_MS,
    // Not the parent's loader flags (tsx's, vitest's): the entry sets up its own.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  }));
}

/** Ends the reader threads (tests, and a process that is shutting down). */
export async function closeCvReaders(): Promise<void> {
  const pool = shared[KEY];
  shared[KEY] = undefined;
  if (pool) await pool.destroy();
}

export async function readCvText(
  bytes: Uint8Array,
  type: CvType,
  { timeoutMs = READ_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let answer: Answer;
  try {
    answer = (await readers().run({ bytes, type }, { signal })) as Answer;
  } catch (error) {
    if (signal.aborted)
      throw new CvInputError(`Reading the CV took longer than ${Math.round(timeoutMs / 1000)} s; it was stopped.`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory/i.test(String((error as Error).message)))
      throw new CvInputError("Reading the CV needed more memory than a CV may; it was stopped.");
    throw error;
  }
  if (answer.ok) return answer.text;
  if ("message" in answer) throw new CvInputError(answer.message);
  log.error("CV reader failed", errorFields(new Error(answer.internal)));
  throw new Error("The CV reader failed.");
}
