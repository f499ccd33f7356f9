// The wire shape of a credential, the one place it is built: the holder's own list, the profile,
// the public profile and the timeline all answer it. What a credential says about the document
// (verdict, issuer, date, holder) is read from its verification, never stored twice.
import type { Badge, Credential, Prisma, Verification } from "../../db";
import { timestamp } from "../../http/response";
import { issuerStatusOfAnswer } from "../../issuers/issuer-status";
import { fromDbVerdict } from "../../verifications/verdicts";
import { CREDENTIAL_CATEGORIES, type CredentialCategory } from "./credential-schema";

type StandingAnswer = Parameters<typeof issuerStatusOfAnswer>[0];

export type CredentialWithSource = Credential & {
  verification: Verification & { issuerRequests?: StandingAnswer[] };
  badge: Badge | null;
};

/**
 * Prisma `include` that loads what toApiCredential needs: the verification with the issuing
 * institution's standing answer (the order of lib/issuers/issuer-status.ts standingIssuerStatus).
 */
export const CREDENTIAL_INCLUDE = {
  verification: {
    include: {
      issuerRequests: {
        where: { status: { in: ["confirmed", "disputed"] }, respondedAt: { not: null } },
        include: { answeredInstitution: true },
        orderBy: [{ answeredInstitutionId: { sort: "asc", nulls: "last" } }, { respondedAt: "desc" }],
        take: 1,
      },
    },
  },
  badge: true,
} as const satisfies Prisma.CredentialInclude;

type Fields = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

function reportFields(v: Verification): Fields {
  const report = v.verdictJson as { fields?: unknown } | null;
  return report && typeof report.fields === "object" && report.fields ? (report.fields as Fields) : {};
}

/** What the document says about itself: who issued it, when, to whom. */
export function documentFacts(v: Verification) {
  const fields = reportFields(v);
  return {
    issuer: text(fields.institution) ?? text(fields.employer) ?? text(fields.issuing_country),
    issuedOn: text(fields.issue_date) ?? text(fields.graduation_date) ?? text(fields.start_date),
    holderName: text(fields.holder_name) ?? v.holderName,
    degree: text(fields.degree) ?? text(fields.job_title),
  };
}

export const badgePagePath = (hash: string) => `/badge/${hash}`;

const category = (value: string): CredentialCategory =>
  (CREDENTIAL_CATEGORIES as readonly string[]).includes(value) ? (value as CredentialCategory) : "other";

export function toApiCredential(c: CredentialWithSource) {
  const v = c.verification;
  const facts = documentFacts(v);
  const badge = c.isSample ? null : c.badge;
  return {
    credential_id: c.id,
    object: "credential" as const,
    verification_id: c.verificationId,
    label: c.label,
    category: category(c.category),
    is_pinned: c.isPinned,
    is_public: c.isSample ? false : c.isPublic,
    is_sample: c.isSample,
    display_order: c.displayOrder,
    verdict: v.verdict ? fromDbVerdict(v.verdict) : null,
    doc_type: v.docType ?? "other",
    issuer: facts.issuer,
    issued_on: facts.issuedOn,
    holder_name: facts.holderName,
    issuer_status: v.issuerRequests?.[0] ? issuerStatusOfAnswer(v.issuerRequests[0]) : null,
    verified_at: v.completedAt ? timestamp(v.completedAt) : null,
    badge_hash: badge?.hash ?? null,
    badge_url: badge ? badgePagePath(badge.hash) : null,
    created_at: timestamp(c.createdAt),
    updated_at: timestamp(c.updatedAt),
  };
}

export type ApiCredential = ReturnType<typeof toApiCredential>;

/** Pinned first, then the holder's display order (then the oldest claim first). */
export const CREDENTIAL_ORDER = [{ isPinned: "desc" }, { displayOrder: "asc" }, { createdAt: "asc" }] as const;
