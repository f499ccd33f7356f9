// A holder disputes the automated verdict on their own verification; an admin resolves it later
// (upheld: the verdict was wrong; rejected: it stands; withdrawn). One open dispute at a time.
import type { Db } from "../db";
import { ApiError } from "../http/errors";

export const DISPUTE_REASON_MAX = 2000;

export async function fileDispute(db: Db, input: { userId: string; verificationId: string; reason: string }) {
  const reason = input.reason.trim();
  if (reason.length < 10)
    throw new ApiError("invalid_request", "Explain in at least 10 characters why the verdict is wrong.");
  if (reason.length > DISPUTE_REASON_MAX)
    throw new ApiError("invalid_request", `The reason is limited to ${DISPUTE_REASON_MAX} characters.`);
  return db.$transaction(async (tx) => {
    const verification = await tx.verification.findFirst({ where: { id: input.verificationId, userId: input.userId } });
    if (!verification)
      throw new ApiError("not_found", `No verification with id "${input.verificationId}" exists for this account.`);
    if (verification.status !== "completed")
      throw new ApiError("conflict", "Only a completed verification can be disputed.");
    const open = await tx.dispute.findFirst({ where: { verificationId: verification.id, status: "pending" } });
    if (open) throw new ApiError("conflict", `Dispute ${open.id} on this verification is still pending.`);
    return tx.dispute.create({ data: { verificationId: verification.id, userId: input.userId, reason } });
  });
}

export function latestDispute(db: Db, verificationId: string, userId: string) {
  return db.dispute.findFirst({ where: { verificationId, userId }, orderBy: { createdAt: "desc" } });
}
