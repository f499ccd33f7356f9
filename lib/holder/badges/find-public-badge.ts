// A badge answers only while its credential and the credential's profile are both public, and the
// credential is no sample (DESIGN.md: test mode never produces trust). Anything else, including a
// hash nobody has, is the same 404: a private badge's existence is not revealed.
import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { standingIssuerStatus } from "../../issuers/issuer-status";

export async function findPublicBadge(db: DbClient, hash: string) {
  const badge = await db.badge.findUnique({
    where: { hash },
    include: {
      credential: { include: { verification: true, profile: { include: { user: { select: { email: true } } } } } },
    },
  });
  const credential = badge?.credential;
  if (
    !badge ||
    !credential ||
    credential.isSample ||
    !credential.isPublic ||
    !credential.profile.isPublic ||
    credential.verification.verdict !== "VERIFIED" ||
    !credential.verification.livemode
  )
    return null;
  return {
    badge,
    credential,
    verification: credential.verification,
    profile: credential.profile,
    user: credential.profile.user,
    // The issuing institution's answer, worded as every surface words it (lib/issuers/issuer-status.ts).
    issuer: await standingIssuerStatus(db, credential.verification.id),
  };
}

export async function getPublicBadgeOrThrow(db: DbClient, hash: string) {
  const found = await findPublicBadge(db, hash);
  if (!found) throw new ApiError("not_found", `No badge "${hash}" exists.`);
  return found;
}

export type PublicBadge = NonNullable<Awaited<ReturnType<typeof findPublicBadge>>>;
