import type { Credential, Verification } from "../../db";
import type { FieldValue } from "../../forensics/types";
import { timestamp } from "../../http/response";
import { fromDbVerdict } from "../../verifications/verdicts";

export type CredentialWithVerification = Credential & { verification: Verification };

/** A credential as the timeline shows it: what the verification read from the document. */
export function toTimelineCredential({ verification, ...credential }: CredentialWithVerification) {
  const fields = documentFields(verification.verdictJson);
  return {
    id: credential.id,
    label: credential.label,
    category: credential.category,
    verification_id: verification.id,
    verdict: verification.verdict ? fromDbVerdict(verification.verdict) : null,
    doc_type: verification.docType,
    issuer: text(fields.institution) ?? text(fields.employer),
    issued_on: day(fields.graduation_date) ?? day(fields.issue_date),
    verified_at: verification.completedAt ? timestamp(verification.completedAt) : null,
    is_public: credential.isPublic && !credential.isSample,
    is_sample: credential.isSample,
  };
}

function documentFields(report: unknown): Record<string, FieldValue> {
  if (report && typeof report === "object" && "fields" in report) {
    const fields = (report as { fields: unknown }).fields;
    if (fields && typeof fields === "object") return fields as Record<string, FieldValue>;
  }
  return {};
}

const text = (v: FieldValue | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);
const day = (v: FieldValue | undefined) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
