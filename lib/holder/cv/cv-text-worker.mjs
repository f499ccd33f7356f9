// Entry of the threads that read CVs' text (read-cv-text.ts runs them as a small pool, ends one
// that takes too long and drops one that runs out of memory). Like the engine's worker, it
// registers tsx's loaders itself and loads the reader from source.
import { register as registerCommonJs } from "tsx/cjs/api";
import { register } from "tsx/esm/api";

registerCommonJs();
register();
const loaded = await import("./extract-cv-text.ts");
const extractCvText = loaded.extractCvText ?? loaded.default.extractCvText;

export default async function readCv({ bytes, type }) {
  try {
    return { ok: true, text: await extractCvText(bytes, type) };
  } catch (error) {
    return error?.name === "CvInputError"
      ? { ok: false, message: error.message }
      : { ok: false, internal: String(error?.stack ?? error) };
  }
}
