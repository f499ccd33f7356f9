// POST /holder/claim/{verification_id}: one of the caller's verifications becomes a credential of
// their profile, once. A live VERIFIED one gets its public badge address at once (the badge answers
// only while the credential and the profile are public); a test-mode one or a VERIFIED SAMPLE is a
// sample: private, no badge, ever.
import { randomBytes } from "node:crypto";
import { Prisma, type Db } from "../../db";
import { ApiError } from "../../http/errors";
import { newId } from "../../ids";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { claimability } from "./claimability";
import { defaultCategory, defaultLabel } from "./default-label";
import { CREDENTIAL_INCLUDE, type CredentialWithSource } from "./serialize-credential";

/** 128 random bits, base64url: the badge's public, unguessable address. */
export const newBadgeHash = () => randomBytes(16).toString("base64url");

export async function claimVerification(db: Db, userId: string, verificationId: string): Promise<CredentialWithSource> {
  try {
    return await db.$transaction(async (tx) => {
      const verification = await tx.verification.findFirst({ where: { id: verificationId, userId } });
      if (!verification)
        throw new ApiError("not_found", `No verification with id "${verificationId}" exists for this account.`);
      const profile = await getProfileOrThrow(tx, userId);
      const rule = claimability(verification);
      if (!rule.claimable) throw new ApiError("conflict", rule.reason);
      const existing = await tx.credential.findUnique({ where: { verificationId } });
      if (existing)
        throw new ApiError("conflict", `This verification is already claimed as credential ${existing.id}.`);
      const last = await tx.credential.aggregate({ where: { profileId: profile.id }, _max: { displayOrder: true } });
      const credential = await tx.credential.create({
        data: {
          id: newId("credential"),
          profileId: profile.id,
          verificationId,
          label: defaultLabel(verification),
          category: defaultCategory(verification),
          isSample: rule.asSample,
          isPublic: !rule.asSample,
          displayOrder: (last._max.displayOrder ?? -1) + 1,
        },
      });
      if (!rule.asSample)
        await tx.badge.create({ data: { id: newId("badge"), credentialId: credential.id, hash: newBadgeHash() } });
      return tx.credential.findUniqueOrThrow({ where: { id: credential.id }, include: CREDENTIAL_INCLUDE });
    });
  } catch (error) {
    // Two claims of the same verification at once: the unique verificationId lets one through.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new ApiError("conflict", "This verification is already claimed.");
    throw error;
  }
}
