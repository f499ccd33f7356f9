// Tells the owner the institution answered. A failure throws, so the job engine tries again.
import type { Db } from "../db";
import { loadEnv } from "../env";
import { sendMail } from "../mail/send-mail";
import { answerMail } from "./approval-mail";
import { RequestNotFoundError } from "./deliver-request-mail";
import { issuerStatusText } from "./issuer-status";

export async function deliverAnswerMail(db: Db, requestId: string): Promise<void> {
  const request = await db.issuerApprovalRequest.findUnique({
    where: { id: requestId },
    include: { user: true, answeredInstitution: true },
  });
  if (!request) throw new RequestNotFoundError(`issuer request ${requestId} not found`);
  if ((request.status !== "confirmed" && request.status !== "disputed") || !request.respondedAt) return;
  await sendMail(
    answerMail({
      to: request.user.email,
      statusText: issuerStatusText(
        request.status,
        request.answeredInstitution?.name ?? null,
        request.recipientDomain,
        request.respondedAt,
      ),
      institutionName: request.institutionName,
      comment: request.responseComment,
      responderName: request.responderName,
      resultUrl: `${loadEnv().APP_URL}/verifications/${request.verificationId}`,
    }),
  );
}
