// What a verification's result page offers its owner about their holder profile: an "Add to my
// profile" button only for a live verification found authentic (VERIFIED) that is not on the
// profile yet; otherwise the sentence saying why not. (POST /holder/claim also takes test-mode and
// VERIFIED SAMPLE verifications as private samples; the page offers only what can be published.)
import type { DbClient } from "../../db";
import { claimability } from "./claimability";

export type ClaimOffer =
  | { state: "claimable" }
  | { state: "claimed"; credentialId: string }
  | { state: "no_profile" }
  | { state: "refused"; reason: string };

export async function claimOffer(db: DbClient, userId: string, verificationId: string): Promise<ClaimOffer | null> {
  const verification = await db.verification.findFirst({
    where: { id: verificationId, userId },
    include: { credential: { select: { id: true } } },
  });
  // Someone else's verification (or none): nothing to offer, nothing revealed.
  if (!verification) return null;
  if (verification.credential) return { state: "claimed", credentialId: verification.credential.id };
  const rule = claimability(verification);
  if (!rule.claimable) return { state: "refused", reason: rule.reason };
  if (!verification.livemode)
    return {
      state: "refused",
      reason: "A test-mode verification never goes on a public profile: verify the document in live mode.",
    };
  if (rule.asSample)
    return {
      state: "refused",
      reason: "A VERIFIED SAMPLE is a specimen, not a credential of yours: it cannot go on your public profile.",
    };
  const profile = await db.holderProfile.findUnique({ where: { userId }, select: { id: true } });
  return profile ? { state: "claimable" } : { state: "no_profile" };
}
