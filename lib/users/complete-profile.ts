// Completing the profile grants PROFILE_BONUS verifications, once per account: the grant is a
// conditional update on profileCompletedAt plus a ledger row with a unique reference. It also
// rewards the referrer when REFERRAL_REWARD_ON is profile_completed.
import { rewardReferral } from "../billing/reward-referral";
import type { Db } from "../db";
import { newId } from "../ids";

export const PROFILE_BONUS = 3;

export interface ProfileInput {
  name: string;
  company?: string | null;
  jobTitle?: string | null;
}

export async function completeProfile(db: Db, userId: string, input: ProfileInput) {
  const details = { name: input.name, company: input.company ?? null, jobTitle: input.jobTitle ?? null };
  return db.$transaction(async (tx) => {
    const first = await tx.user.updateMany({
      where: { id: userId, profileCompletedAt: null },
      data: {
        ...details,
        profileCompletedAt: new Date(),
        bonusVerifications: { increment: PROFILE_BONUS },
        creditBalance: { increment: PROFILE_BONUS },
      },
    });
    if (first.count === 0) {
      return { user: await tx.user.update({ where: { id: userId }, data: details }), bonusGranted: false };
    }
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    await tx.creditLedgerEntry.create({
      data: {
        id: newId("ledger"),
        userId,
        delta: PROFILE_BONUS,
        balanceAfter: user.creditBalance,
        reason: "bonus",
        reference: `profile_bonus:${userId}`,
        note: "profile completed",
      },
    });
    await rewardReferral(tx, userId, "profile_completed");
    return { user, bonusGranted: true };
  });
}
