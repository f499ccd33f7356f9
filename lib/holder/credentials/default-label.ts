// What a freshly claimed credential is called and filed under, from what the engine read; the
// holder renames and refiles it with PATCH /holder/credentials/{id}.
import type { Verification } from "../../db";
import type { CredentialCategory } from "./credential-schema";
import { LABEL_MAX } from "./credential-schema";
import { documentFacts } from "./serialize-credential";

const CATEGORY_OF_DOC_TYPE: Record<string, CredentialCategory> = {
  diploma: "education",
  transcript: "education",
  certificate: "certification",
  employment_letter: "employment",
  payslip: "employment",
  passport: "identity",
  id_card: "identity",
  bank_statement: "financial",
  utility_bill: "financial",
};

export function defaultCategory(v: Verification): CredentialCategory {
  return CATEGORY_OF_DOC_TYPE[v.docType ?? ""] ?? "other";
}

export function defaultLabel(v: Verification): string {
  const facts = documentFacts(v);
  const kind = (v.docType ?? "document").replace(/_/g, " ");
  const title = facts.degree ?? kind.charAt(0).toUpperCase() + kind.slice(1);
  const label = facts.issuer ? `${title}, ${facts.issuer}` : title;
  return label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label;
}
