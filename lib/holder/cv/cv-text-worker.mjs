// Entry of the thread that reads one CV's text (read-cv-text.ts starts it and ends it when it
// takes too long or too much memory). Like the engine's worker, it registers tsx's loaders itself
// and loads the reader from source.
import { parentPort, workerData } from "node:worker_threads";
import { register as registerCommonJs } from "tsx/cjs/api";
import { register } from "tsx/esm/api";

registerCommonJs();
register();
const loaded = await import("./extract-cv-text.ts");
const extractCvText = loaded.extractCvText ?? loaded.default.extractCvText;

try {
  parentPort.postMessage({ ok: true, text: await extractCvText(workerData.bytes, workerData.type) });
} catch (error) {
  parentPort.postMessage(
    error?.name === "CvInputError"
      ? { ok: false, message: error.message }
      : { ok: false, internal: String(error?.stack ?? error) },
  );
}
