// An admin resolves a pending dispute. Upheld: the automated verdict was wrong; the verification's
// verdict becomes the corrected one, marked in its report (dispute_correction) so the share page,
// the report, the social image and the API show the admin's resolution as such (unlike an owner's own
// review, it is public), and verification.updated is emitted. Rejected: the verdict stands.
// Withdrawn: closed on the owner's behalf. The owner is e-mailed the outcome. All in one
// transaction: the event and the mail job exist exactly when the resolution does.
import type { Db, DbClient } from "../db";
import { emitEvent } from "../events/emit-event";
import { ApiError } from "../http/errors";
import { timestamp } from "../http/response";
import { toApiVerification } from "../verifications/serialize";
import { updateVerdict } from "../verifications/update-verdict";
import { fromDbVerdict, toDbVerdict } from "../verifications/verdicts";
import { enqueueDisputeMail } from "./dispute-mail-job";
import type { ResolveDisputeInput } from "./dispute-schema";
import { ADMIN_DISPUTE_INCLUDE, toAdminDispute, toApiDispute } from "./serialize";

export async function resolveDispute(db: Db, adminId: string, disputeId: number, input: ResolveDisputeInput) {
  return db.$transaction(async (tx) => {
    const dispute = await tx.dispute.findUnique({ where: { id: disputeId }, include: { verification: true } });
    if (!dispute) throw new ApiError("not_found", `No dispute with id ${disputeId} exists.`);
    if (dispute.status !== "pending")
      throw new ApiError("conflict", `Dispute ${disputeId} is already ${dispute.status}; a resolution stands.`);
    const now = new Date();
    const original = dispute.verification.verdict;
    if (input.outcome === "upheld") {
      if (!original) throw new ApiError("conflict", "The verification has no verdict to correct.");
      if (toDbVerdict(input.corrected_verdict!) === original)
        throw new ApiError(
          "invalid_request",
          `corrected_verdict must differ from the current verdict (${fromDbVerdict(original)}): an upheld dispute changes it.`,
        );
    }
    const { count } = await tx.dispute.updateMany({
      where: { id: disputeId, status: "pending" },
      data: {
        status: input.outcome,
        resolutionNote: input.resolution_note ?? null,
        resolvedById: adminId,
        resolvedAt: now,
        ...(input.outcome === "upheld" && {
          originalVerdict: original,
          correctedVerdict: toDbVerdict(input.corrected_verdict!),
        }),
      },
    });
    if (count === 0)
      throw new ApiError("conflict", `Dispute ${disputeId} was resolved meanwhile; a resolution stands.`);
    if (input.outcome === "upheld")
      await correctVerdict(tx, await tx.dispute.findUniqueOrThrow({ where: { id: disputeId } }), now);
    await enqueueDisputeMail(disputeId, tx);
    return toAdminDispute(
      await tx.dispute.findUniqueOrThrow({ where: { id: disputeId }, include: ADMIN_DISPUTE_INCLUDE }),
    );
  });
}

async function correctVerdict(tx: DbClient, dispute: Parameters<typeof toApiDispute>[0], now: Date) {
  const corrected = fromDbVerdict(dispute.correctedVerdict!);
  const verification = await updateVerdict(tx, dispute.verificationId, {
    verdict: corrected,
    dispute_correction: {
      dispute_id: dispute.id,
      original_verdict: fromDbVerdict(dispute.originalVerdict!),
      corrected_verdict: corrected,
      corrected_at: timestamp(now),
      note: dispute.resolutionNote,
    },
  });
  if (!verification.userId) return;
  await emitEvent(tx, {
    userId: verification.userId,
    livemode: verification.livemode,
    type: "verification.updated",
    data: { verification: toApiVerification(verification), dispute: toApiDispute(dispute) },
  });
}
