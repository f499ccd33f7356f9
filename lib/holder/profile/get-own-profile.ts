// GET /holder/profile: the caller's profile and the credentials on it, in display order.
import type { DbClient } from "../../db";
import { timestamp } from "../../http/response";
import { fromDbVerdict } from "../../verifications/verdicts";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { PROFILE_INCLUDE, toApiProfile } from "./serialize";

export async function getOwnProfile(db: DbClient, userId: string) {
  const { id } = await getProfileOrThrow(db, userId);
  const [profile, credentials] = await Promise.all([
    db.holderProfile.findUniqueOrThrow({ where: { id }, include: PROFILE_INCLUDE }),
    db.credential.findMany({
      where: { profileId: id },
      orderBy: [{ isPinned: "desc" }, { displayOrder: "asc" }, { createdAt: "asc" }],
      select: {
        id: true,
        verificationId: true,
        label: true,
        category: true,
        isPinned: true,
        isPublic: true,
        isSample: true,
        displayOrder: true,
        createdAt: true,
        verification: { select: { verdict: true, docType: true } },
      },
    }),
  ]);
  return {
    profile: toApiProfile(profile),
    credentials: credentials.map((c) => ({
      credential_id: c.id,
      verification_id: c.verificationId,
      label: c.label,
      category: c.category,
      is_pinned: c.isPinned,
      is_public: c.isSample ? false : c.isPublic,
      is_sample: c.isSample,
      display_order: c.displayOrder,
      verdict: c.verification.verdict ? fromDbVerdict(c.verification.verdict) : null,
      doc_type: c.verification.docType ?? "other",
      created_at: timestamp(c.createdAt),
    })),
  };
}
