// Access-matrix rows of the /review routes (spread into TABLE in
// tests/integration/access-matrix.int.test.ts). A review is submitted by the verification's owner
// or an admin: anyone else gets the 404 of an id nobody has. History is the caller's own; the rest
// is administration.
import { getDb, Prisma } from "../../../lib/db";
import type { FusionOverrideRule } from "../../../lib/forensics/types";
import { newId } from "../../../lib/ids";
import { makeCompletedVerification } from "../holder-credentials";
import { marker } from "./fixtures";
import type { AccessRow, AppActor, AppRow, Fixture } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** A completed verification of the owner whose report has one finding to name wrong. */
async function reviewable(owner: AppActor) {
  const db = await getDb();
  const v = await makeCompletedVerification(owner.user.id, { verdict: "SUSPECT" });
  const findings = [{ check: "pdf.producer", severity: "high", score: 0.6, message: "m", page: null, region: null }];
  await db.verification.update({
    where: { id: v.id },
    data: { verdictJson: { verdict: "SUSPECT", doc_type: "diploma", findings } as Prisma.InputJsonValue },
  });
  return v;
}

/** A pending suggestion whose rule names a check no engine has: approving it changes no verdict. */
async function pendingSuggestion(action: "approve" | "reject"): Promise<Fixture> {
  const db = await getDb();
  const check = `access_matrix.${marker("check").replace(/\W/g, "_")}`;
  const rule = { check, doc_type: "other", format: "none", weight: 0.5 } satisfies FusionOverrideRule;
  const s = await db.ruleSuggestion.create({
    data: {
      rule,
      scopeKey: `${check}|other|none`,
      pendingScope: `${check}|other|none`,
      description: "Access matrix probe",
      support: 3,
      evidence: { reviewers: 3, verifications_reviewed: 3, verifications_overruled: 3, override_rate: 1 },
    },
  });
  return {
    path: `/review/admin/${action}/${s.id}`,
    params: { suggestion_id: String(s.id) },
    body: action === "reject" ? { reason: "Not on this evidence." } : undefined,
    snapshot: async () => ({
      suggestion: (await db.ruleSuggestion.findUnique({ where: { id: s.id } }))?.status,
      sets: await db.fusionOverrideSet.count(),
    }),
  };
}

export const reviewRows: Record<string, AccessRow> = {
  "POST /review/submit": app({
    access: "owner-or-admin",
    ok: 201,
    invalidBody: (fixture) => ({ ...(fixture.body as object), verdict: "ACCEPT" }),
    build: async (owner) => {
      const v = await reviewable(owner);
      const db = await getDb();
      return {
        path: "/review/submit",
        body: { verification_id: v.id, verdict: "VERIFIED", reason: "Seen the paper", wrong_checks: ["pdf.producer"] },
        resourceId: v.id,
        snapshot: () => db.review.count({ where: { verificationId: v.id } }),
      };
    },
  }),
  "GET /review/history": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const v = await reviewable(owner);
      const reason = marker("reason");
      await (
        await getDb()
      ).review.create({
        data: {
          id: newId("review"),
          verificationId: v.id,
          reviewerId: owner.user.id,
          originalVerdict: "SUSPECT",
          newVerdict: "VERIFIED",
          reason,
          overriddenChecks: [],
        },
      });
      return { path: "/review/history", secrets: [reason, v.id] };
    },
  }),
  "GET /review/admin/analytics": app({
    access: "admin",
    ok: 200,
    build: async () => ({ path: "/review/admin/analytics" }),
  }),
  "GET /review/admin/suggestions": app({
    access: "admin",
    ok: 200,
    build: async () => ({ path: "/review/admin/suggestions" }),
  }),
  "POST /review/admin/approve/{suggestion_id}": app({
    access: "admin",
    ok: 200,
    oneShot: true,
    build: () => pendingSuggestion("approve"),
  }),
  "POST /review/admin/reject/{suggestion_id}": app({
    access: "admin",
    ok: 200,
    oneShot: true,
    build: () => pendingSuggestion("reject"),
  }),
  "POST /review/admin/generate-suggestions": app({
    access: "admin",
    ok: 200,
    build: async () => ({ path: "/review/admin/generate-suggestions" }),
  }),
};
