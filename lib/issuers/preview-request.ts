// The e-mail the institution would receive, rendered without sending (the link's secret is made
// only when the request is sent, so the preview shows where it goes instead).
import type { DbClient, User } from "../db";
import { loadEnv } from "../env";
import { approvalMail } from "./approval-mail";
import { assertEligible } from "./assert-eligible";
import { checkRecipient, recipientView } from "./check-recipient";
import { getOwnedVerificationOrThrow } from "./get-owned-verification-or-throw";
import { institutionDocument } from "./serialize";

export interface ApprovalRequestInput {
  verification_id: string;
  institution_name: string;
  institution_email: string;
  message?: string;
}

export const ATTACHMENT_NAME = "document-page-1.jpg";

export async function previewRequest(db: DbClient, user: User, input: ApprovalRequestInput) {
  const v = await getOwnedVerificationOrThrow(db, input.verification_id, user.id);
  await assertEligible(db, v, user.id);
  const recipient = await checkRecipient(db, user, input.institution_email);
  const expiresAt = new Date(Date.now() + loadEnv().ISSUER_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
  const mail = approvalMail({
    to: recipient.email,
    institutionName: input.institution_name,
    message: input.message || null,
    document: institutionDocument(v),
    link: `${loadEnv().APP_URL}/approve/<secure link made when the request is sent>`,
    expiresAt,
    attachment: { filename: ATTACHMENT_NAME, content: Buffer.alloc(0), contentType: "image/jpeg" },
  });
  return {
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? "",
    recipient: recipientView(recipient),
    attachment: { file_name: ATTACHMENT_NAME, content_type: "image/jpeg" },
  };
}
