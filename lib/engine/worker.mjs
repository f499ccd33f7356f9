// Entry of an engine worker process. First it lowers its own scheduling priority to ENGINE_NICE, so
// the server's event loop takes the cores whenever it has a request to serve: on Linux a nice value
// belongs to a thread, so every thread the process has now (V8's, libuv's) is lowered one by one,
// and the threads it starts later (libuv's pool, libvips', the OCR worker) inherit it from their
// creator; elsewhere setPriority(0) lowers the whole process. Then, the engine being TypeScript and
// a worker starting as plain Node whatever runs the server (tsx, Next's bundle, vitest), it
// registers tsx's loaders itself (CommonJS and ESM, as the `tsx` command does) and loads the task
// handler from source.
import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import { register as registerCommonJs } from "tsx/cjs/api";
import { register } from "tsx/esm/api";

const nice = Number(process.env.ENGINE_NICE ?? 0);
if (nice > 0) {
  let threads = [0];
  try {
    threads = readdirSync("/proc/self/task").map(Number);
  } catch {
    // not Linux: the process's priority is one value
  }
  for (const thread of threads) setPriority(thread, nice);
}

registerCommonJs();
register();
const loaded = await import("./analyse-task.ts");
// The package is CommonJS, so tsx hands the module's exports object over as `default`.
const analyseTask = typeof loaded.default === "function" ? loaded.default : loaded.default.default;

export default analyseTask;
