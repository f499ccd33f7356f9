// Entry of an engine worker thread. The engine is TypeScript; a worker thread starts as plain
// Node whatever runs the server (tsx, Next's bundle, vitest), so it registers tsx's loaders itself
// (CommonJS and ESM, as the `tsx` command does) and then loads the task handler from source.
import { register as registerCommonJs } from "tsx/cjs/api";
import { register } from "tsx/esm/api";

registerCommonJs();
register();
const loaded = await import("./analyse-task.ts");
// The package is CommonJS, so tsx hands the module's exports object over as `default`.
const analyseTask = typeof loaded.default === "function" ? loaded.default : loaded.default.default;

export default analyseTask;
