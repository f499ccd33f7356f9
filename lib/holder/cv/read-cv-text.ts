// Reads a CV's text in a thread of its own, so a hostile file cannot stall the server: the thread
// is ended after READ_TIMEOUT_MS, and its heap is capped (a file that needs more fails cleanly).
import path from "node:path";
import { Worker } from "node:worker_threads";
import { errorFields, log } from "../../log";
import { CvInputError } from "./cv-errors";
import type { CvType } from "./sniff-cv";

export const READ_TIMEOUT_MS = 30_000;
const MAX_HEAP_MB = 384;

/** Found from the working directory: inside Next's bundle this module's URL points into .next/. */
const WORKER_FILE = path.resolve(process.cwd(), "lib/holder/cv/cv-text-worker.mjs");

type Answer = { ok: true; text: string } | { ok: false; message: string } | { ok: false; internal: string };

export async function readCvText(
  bytes: Uint8Array,
  type: CvType,
  { timeoutMs = READ_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<string> {
  const worker = new Worker(WORKER_FILE, {
    workerData: { bytes, type },
    // Not the parent's loader flags (tsx's, vitest's): the entry sets up its own.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  });
  const answer = await new Promise<Answer | Error>((resolve) => {
    const timer = setTimeout(() => {
      resolve(new CvInputError(`Reading the CV took longer than ${Math.round(timeoutMs / 1000)} s; it was stopped.`));
      void worker.terminate();
    }, timeoutMs);
    worker.once("message", (message: Answer) => resolve(message));
    worker.once("error", (error) => {
      const oom = (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY";
      resolve(oom ? new CvInputError("Reading the CV needed more memory than a CV may; it was stopped.") : error);
    });
    worker.once("exit", () => {
      clearTimeout(timer);
      resolve(new Error("the CV reader exited without an answer"));
    });
  });
  void worker.terminate();
  if (answer instanceof Error) throw answer;
  if (answer.ok) return answer.text;
  if ("message" in answer) throw new CvInputError(answer.message);
  log.error("CV reader failed", errorFields(new Error(answer.internal)));
  throw new Error("The CV reader failed.");
}
