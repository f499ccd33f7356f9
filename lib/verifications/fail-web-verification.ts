// Ending a pending web verification as `failed` and giving its credits back, once: the change is
// conditional on the row still being pending, and only the caller that made it refunds. Two callers
// may race for one row — the process that ran the analysis, and the sweep that took the row for
// abandoned (sweep-interrupted-verifications.ts) — and the refund must happen at most once.
import type { Db } from "../db";
import { newId } from "../ids";

export interface VerificationFailure {
  code: string;
  message: string;
}

/** The failure of a row whose process stopped during the analysis (or stopped renewing its heartbeat). */
export const INTERRUPTED: VerificationFailure = {
  code: "analysis_interrupted",
  message:
    "The analysis was interrupted (the server stopped during it) and was not completed. You were not charged; please try again.",
};

/** Answers whether this call failed the row (false: it was no longer pending). */
export async function failWebVerification(
  db: Db,
  verification: { id: string; userId: string | null; creditsCharged: number },
  failure: VerificationFailure,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const changed = await tx.verification.updateMany({
      where: { id: verification.id, status: "pending" },
      data: { status: "failed", error: { ...failure }, completedAt: new Date(), creditsCharged: 0 },
    });
    if (changed.count === 0) return false;
    if (!verification.userId || verification.creditsCharged === 0) return true;
    const user = await tx.user.update({
      where: { id: verification.userId },
      data: { creditBalance: { increment: verification.creditsCharged } },
    });
    await tx.creditLedgerEntry.create({
      data: {
        id: newId("ledger"),
        userId: verification.userId,
        delta: verification.creditsCharged,
        balanceAfter: user.creditBalance,
        reason: "refund",
        reference: `refund:verification:${verification.id}`,
        verificationId: verification.id,
        note: `analysis failed: ${failure.code}`,
      },
    });
    return true;
  });
}
