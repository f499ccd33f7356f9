// One attempt at the institution's e-mail (the mail job runs it): email_status follows the
// transport's answer, sent or failed with its reason; a transient failure is tried again later, up
// to MAX_MAIL_ATTEMPTS. The link's secret is unsealed only here and erased once the outcome is final.
import type { Db } from "../db";
import { loadEnv } from "../env";
import { pageJpeg } from "../images/page-images";
import { log } from "../log";
import { type MailAttachment, sendMail } from "../mail/send-mail";
import { decrypt } from "../storage";
import { approvalMail } from "./approval-mail";
import { describeMailError, isTransientMailError, MAX_MAIL_ATTEMPTS, mailRetryDelaySeconds } from "./mail-errors";
import { ATTACHMENT_NAME } from "./preview-request";
import { institutionDocument } from "./serialize";

export class RequestNotFoundError extends Error {}

export type MailOutcome =
  { status: "sent" | "failed" | "skipped" } | { status: "retry"; at: Date; nextAttempt: number };

export async function deliverRequestMail(db: Db, requestId: string, attempt: number): Promise<MailOutcome> {
  const request = await db.issuerApprovalRequest.findUnique({
    where: { id: requestId },
    include: { verification: true },
  });
  if (!request) throw new RequestNotFoundError(`issuer request ${requestId} not found`);
  if (request.emailStatus !== "queued" || !request.tokenSealed) return { status: "skipped" };

  const token = decrypt(Buffer.from(request.tokenSealed, "base64")).toString("utf8");
  const mail = approvalMail({
    to: request.institutionEmail,
    institutionName: request.institutionName,
    message: request.message,
    document: institutionDocument(request.verification),
    link: `${loadEnv().APP_URL}/approve/${token}`,
    expiresAt: request.expiresAt,
    attachment: await firstPage(db, request.verification),
  });
  try {
    await sendMail(mail);
  } catch (error) {
    const reason = describeMailError(error);
    if (isTransientMailError(error) && attempt < MAX_MAIL_ATTEMPTS) {
      await db.issuerApprovalRequest.update({
        where: { id: requestId },
        data: { emailAttempts: attempt, emailError: `attempt ${attempt} of ${MAX_MAIL_ATTEMPTS}: ${reason}` },
      });
      const at = new Date(Date.now() + mailRetryDelaySeconds(attempt + 1) * 1000);
      return { status: "retry", at, nextAttempt: attempt + 1 };
    }
    await db.issuerApprovalRequest.update({
      where: { id: requestId },
      data: { emailStatus: "failed", emailAttempts: attempt, emailError: reason, tokenSealed: null },
    });
    log.warn("issuer request e-mail failed", { requestId, attempt, reason });
    return { status: "failed" };
  }
  await db.issuerApprovalRequest.update({
    where: { id: requestId },
    data: { emailStatus: "sent", sentAt: new Date(), emailAttempts: attempt, emailError: null, tokenSealed: null },
  });
  return { status: "sent" };
}

async function firstPage(db: Db, verification: Parameters<typeof pageJpeg>[1]): Promise<MailAttachment | null> {
  try {
    return { filename: ATTACHMENT_NAME, content: await pageJpeg(db, verification, 1), contentType: "image/jpeg" };
  } catch (error) {
    // The institution page still shows what remains; the e-mail goes without the picture.
    log.warn("issuer request e-mail without its page image", { verificationId: verification.id, error: String(error) });
    return null;
  }
}
