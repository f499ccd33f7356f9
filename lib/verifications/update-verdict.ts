// An administrator corrects fields inside a verification's verdict_json; the columns that mirror
// it (verdict, confidence, doc_type) follow, and the social image's version changes so shared
// links show the correction.
import type { DbClient, Prisma } from "../db";
import type { FieldValue, Verdict } from "../forensics/types";
import { ApiError } from "../http/errors";
import { toDbVerdict } from "./verdicts";

export interface VerdictUpdates {
  verdict?: Verdict;
  confidence?: number;
  doc_type?: string;
  summary?: string;
  fields?: Record<string, FieldValue>;
  /** Set when an admin upholds a dispute: the marking every surface showing the report carries. */
  dispute_correction?: DisputeCorrection;
}

export interface DisputeCorrection {
  dispute_id: number;
  original_verdict: Verdict;
  corrected_verdict: Verdict;
  corrected_at: string;
  note: string | null;
}

export async function updateVerdict(db: DbClient, id: string, updates: VerdictUpdates) {
  const verification = await db.verification.findUnique({ where: { id } });
  if (!verification) throw new ApiError("not_found", `No verification with id "${id}" exists.`);
  const current = (verification.verdictJson ?? {}) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...current, ...stripUndefined(updates) };
  if (updates.fields) next.fields = { ...((current.fields as object | undefined) ?? {}), ...updates.fields };
  next.admin_updated_at = new Date().toISOString();
  return db.verification.update({
    where: { id },
    data: {
      verdictJson: next as Prisma.InputJsonValue,
      ...(updates.verdict ? { verdict: toDbVerdict(updates.verdict) } : {}),
      ...(updates.confidence !== undefined ? { confidence: updates.confidence } : {}),
      ...(updates.doc_type ? { docType: updates.doc_type } : {}),
      ogImageVersion: String(Date.now()),
    },
  });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k !== "fields")) as Partial<T>;
}
