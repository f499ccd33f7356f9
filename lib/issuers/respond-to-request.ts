// The institution's answer. It counts once: the first answer stands, a second is refused, an
// expired link is refused. It records which admin-verified institution (if any) owned the answering
// address's domain, which decides what the verification's issuer status reads (issuer-status.ts), emits
// verification.issuer_confirmed / verification.issuer_disputed and queues the owner's e-mail, all
// in one transaction.
import type { Db } from "../db";
import { emitEvent } from "../events/emit-event";
import { ApiError } from "../http/errors";
import { timestamp } from "../http/response";
import { toApiVerification } from "../verifications/serialize";
import { findRequestByToken } from "./find-request-by-token";
import { findVerifiedInstitution } from "./find-verified-institution";
import { enqueueIssuerMail } from "./issuer-mail-job";
import { issuerStatusOfAnswer } from "./issuer-status";
import { effectiveStatus } from "./request-state";

export interface InstitutionAnswer {
  decision: "confirm" | "dispute";
  responder_name?: string;
  comment?: string;
}

export async function respondToRequest(db: Db, token: string, answer: InstitutionAnswer) {
  return db.$transaction(async (tx) => {
    const request = await findRequestByToken(tx, token);
    const now = new Date();
    const current = effectiveStatus(request, now);
    if (current === "expired")
      throw new ApiError(
        "conflict",
        `This link expired on ${timestamp(request.expiresAt)}; ask the holder for a new request.`,
      );
    if (current !== "pending")
      throw new ApiError(
        "conflict",
        `This request was already answered (${current}) on ${request.respondedAt ? timestamp(request.respondedAt) : "an earlier date"}; the first answer stands.`,
      );

    const status = answer.decision === "confirm" ? "confirmed" : "disputed";
    const institution = await findVerifiedInstitution(tx, request.recipientDomain);
    const { count } = await tx.issuerApprovalRequest.updateMany({
      where: { id: request.id, status: "pending" },
      data: {
        status,
        respondedAt: now,
        responderName: answer.responder_name || null,
        responseComment: answer.comment || null,
        answeredInstitutionId: institution?.id ?? null,
      },
    });
    if (count === 0) throw new ApiError("conflict", "This request was already answered; the first answer stands.");

    const issuer = issuerStatusOfAnswer({
      status,
      recipientDomain: request.recipientDomain,
      respondedAt: now,
      answeredInstitution: institution,
    })!;
    const verification = request.verification;
    if (verification.userId) {
      await emitEvent(tx, {
        userId: verification.userId,
        livemode: verification.livemode,
        type: status === "confirmed" ? "verification.issuer_confirmed" : "verification.issuer_disputed",
        data: {
          verification: toApiVerification(verification),
          issuer,
          request: {
            id: request.id,
            institution_name: request.institutionName,
            responder_name: answer.responder_name || null,
            comment: answer.comment || null,
          },
        },
      });
    }
    await enqueueIssuerMail(request.id, "answer", tx);
    return { status, responded_at: timestamp(now), issuer };
  });
}
