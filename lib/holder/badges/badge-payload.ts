// GET /holder/badge/{hash} and the badge page: the decoded credential, its signed form, and what
// the page shows beside it (no e-mail, no owner id: the recipient is a salted hash).
import type { Db } from "../../db";
import { fromDbVerdict } from "../../verifications/verdicts";
import { badgeUrls, jwksUrl } from "./badge-urls";
import { buildBadgeCredential } from "./build-badge-credential";
import type { PublicBadge } from "./find-public-badge";
import { signBadgeCredential } from "./sign-badge-credential";

export async function badgePayload(db: Db, found: PublicBadge) {
  const credential = buildBadgeCredential(found);
  const { jwt, kid } = await signBadgeCredential(db, credential);
  const urls = badgeUrls(found.badge.hash);
  return {
    object: "badge" as const,
    badge_hash: found.badge.hash,
    verdict: fromDbVerdict(found.verification.verdict!),
    credential,
    credential_jwt: jwt,
    kid,
    jwks_url: jwksUrl(),
    page_url: urls.page,
    image_url: urls.image,
    certificate_url: urls.certificate,
  };
}

export type BadgePayload = Awaited<ReturnType<typeof badgePayload>>;
