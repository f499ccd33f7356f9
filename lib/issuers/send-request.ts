// Records a request to the institution and queues its e-mail (issuer-mail-job.ts), in one
// transaction under a lock on the requester, so concurrent sends cannot pass a limit together. The
// link's secret leaves this function only inside the e-mail: the row keeps its hash, and a sealed
// copy for the mail job that is erased once the mail is out.
import type { Db, User } from "../db";
import { lockUser } from "../db/statements/lock-user";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { encrypt } from "../storage";
import { assertEligible } from "./assert-eligible";
import { checkRecipient } from "./check-recipient";
import { DAY_MS, secondsUntilBelowLimit, windowStart } from "./daily-window";
import { getOwnedVerificationOrThrow } from "./get-owned-verification-or-throw";
import { enqueueIssuerMail } from "./issuer-mail-job";
import type { ApprovalRequestInput } from "./preview-request";
import { newSecureToken } from "./secure-token";

export async function sendRequest(db: Db, user: User, input: ApprovalRequestInput) {
  const env = loadEnv();
  return db.$transaction(async (tx) => {
    await lockUser(tx, user.id);
    const v = await getOwnedVerificationOrThrow(tx, input.verification_id, user.id);
    await assertEligible(tx, v, user.id);
    const recipient = await checkRecipient(tx, user, input.institution_email);
    const address = recipient.email;
    const [toRecipientToday, pendingToRecipient] = await Promise.all([
      tx.issuerApprovalRequest.count({
        where: { institutionEmail: address, createdAt: { gt: windowStart() } },
      }),
      tx.issuerApprovalRequest.count({
        where: { verificationId: v.id, institutionEmail: address, status: "pending", expiresAt: { gt: new Date() } },
      }),
    ]);
    if (pendingToRecipient > 0)
      throw new ApiError(
        "conflict",
        `A request to ${recipient.email} about this verification is still waiting for an answer.`,
      );
    if (toRecipientToday >= env.ISSUER_REQUESTS_PER_RECIPIENT_PER_DAY) {
      const retryAfter = await secondsUntilBelowLimit(
        tx,
        { institutionEmail: address },
        toRecipientToday,
        env.ISSUER_REQUESTS_PER_RECIPIENT_PER_DAY,
      );
      throw new ApiError(
        "rate_limited",
        `${recipient.email} has received ${toRecipientToday} request(s) in the last 24 hours; the limit is ${env.ISSUER_REQUESTS_PER_RECIPIENT_PER_DAY}. Try again later.`,
        { headers: { "Retry-After": String(retryAfter) } },
      );
    }

    const { token, hash } = newSecureToken();
    const request = await tx.issuerApprovalRequest.create({
      data: {
        id: newId("issuerRequest"),
        verificationId: v.id,
        userId: user.id,
        tokenHash: hash,
        tokenSealed: encrypt(Buffer.from(token, "utf8")).toString("base64"),
        institutionName: input.institution_name,
        institutionEmail: recipient.email,
        recipientDomain: recipient.domain,
        message: input.message || null,
        expiresAt: new Date(Date.now() + env.ISSUER_TOKEN_TTL_DAYS * DAY_MS),
      },
    });
    await enqueueIssuerMail(request.id, "request", tx);
    return request;
  });
}
