// What the decode stage produces, and what it needs from the pipeline.
import type { PageImage, SourceFormat } from "../context";
import type { EngineLimits, VerificationMode } from "../types";
import type { Deadline } from "./deadline";

export interface DecodedDocument {
  format: SourceFormat;
  /** Pages in the file; `pages` holds the analysed ones (fewer in standard mode). */
  pageCount: number;
  /** Rasters with quality filled in; PDF pages also carry their text layer. */
  pages: PageImage[];
  metadata: Record<string, unknown>;
}

export interface StageEnv {
  limits: EngineLimits;
  mode: VerificationMode;
  deadline: Deadline;
  log: (message: string) => void;
}

/** How many of `pageCount` pages the mode analyses. */
export function pagesToAnalyse(pageCount: number, env: StageEnv): number {
  const cap = env.mode === "deep" ? env.limits.maxPages : env.limits.standardPages;
  return Math.max(0, Math.min(pageCount, cap));
}
