// Test helpers for the checks: a synthetic document (genuine, tampered or not a credential) and
// the DocumentContext the pipeline would hand to the checks for it, built without classification,
// OCR or field extraction (those come from the generator's ground truth unless asked for).
import type { DocumentContext } from "@/lib/forensics/context";
import { decodeDocument } from "@/lib/forensics/pipeline/decode";
import { Deadline } from "@/lib/forensics/pipeline/deadline";
import { resolveLimits } from "@/lib/forensics/pipeline/limits";
import { assembleText, readFields, recogniseText } from "@/lib/forensics/pipeline/read";
import type { EngineLimits, VerificationMode } from "@/lib/forensics/types";
import { makeDocument, type DocumentSpec, type SyntheticDocument } from "@/bench/corpora/synthetic";

export interface ContextOptions {
  mode?: VerificationMode;
  /**
   * Text of image pages: "truth" (default) puts the generator's exact text runs and boxes on
   * every page that has no PDF text layer; "ocr" runs the engine's OCR (slow); "none" leaves it empty.
   */
  text?: "truth" | "ocr" | "none";
  /** Fields: "truth" (default) is what the generator printed; "read" runs the engine's field extraction. */
  fields?: "truth" | "read";
  limits?: Partial<EngineLimits>;
}

/** Decodes a synthetic document with the engine's own decode stage and fills the rest from ground truth. */
export async function contextFor(doc: SyntheticDocument, options: ContextOptions = {}): Promise<DocumentContext> {
  const limits = resolveLimits(options.limits);
  const mode = options.mode ?? "standard";
  const deadline = new Deadline(limits.timeoutMs);
  try {
    const env = { limits, mode, deadline, log: () => {} };
    const decoded = await decodeDocument(doc.bytes, doc.contentType, env);
    const textMode = options.text ?? "truth";
    for (const page of decoded.pages) {
      if (page.source === "pdf-text" || page.text.length > 0) continue;
      if (textMode === "truth") page.text = doc.text[page.page - 1] ?? [];
    }
    if (textMode === "ocr")
      await recogniseText(
        decoded.pages.filter((p) => p.source !== "pdf-text"),
        env,
      );
    const text = assembleText(decoded.pages);
    const docType = doc.docType;
    const isCredential = doc.label !== "not_credential";
    return {
      bytes: doc.bytes,
      contentType: doc.contentType,
      format: decoded.format,
      mode,
      limits,
      pages: decoded.pages,
      pageCount: decoded.pageCount,
      metadata: decoded.metadata,
      docType,
      isCredential,
      fields: options.fields === "read" && isCredential ? readFields(docType, text) : { ...doc.fields },
      fullText: text.fullText,
    };
  } finally {
    deadline.dispose();
  }
}

/** makeDocument + contextFor: the usual first line of a check's test on a generated document. */
export async function makeContext(
  spec: DocumentSpec,
  options: ContextOptions = {},
): Promise<{ doc: SyntheticDocument; ctx: DocumentContext }> {
  const doc = await makeDocument(spec);
  return { doc, ctx: await contextFor(doc, options) };
}
