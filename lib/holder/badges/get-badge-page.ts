// What /badge/<hash> renders: the badge JSON of GET /holder/badge/{hash}, what its image prints,
// whose profile it is on, and the check of its signature against the published keys. null (the
// page's 404) under the same rule as the JSON route: the credential and its profile both public,
// live, VERIFIED, no sample.
import type { Db } from "../../db";
import { badgeFacts } from "./badge-facts";
import { badgePayload } from "./badge-payload";
import { findPublicBadge } from "./find-public-badge";
import { verifyBadgeSignature } from "./verify-badge-signature";

export async function getBadgePage(db: Db, hash: string) {
  const found = await findPublicBadge(db, hash);
  if (!found) return null;
  const payload = await badgePayload(db, found);
  return {
    payload,
    facts: badgeFacts(found),
    holder: { slug: found.profile.slug, displayName: found.profile.displayName },
    signature: await verifyBadgeSignature(db, payload.credential_jwt),
  };
}

export type BadgePage = NonNullable<Awaited<ReturnType<typeof getBadgePage>>>;
