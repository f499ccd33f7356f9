import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { approvalPreviewSchema, PreviewApprovalRequest } from "@/lib/issuers/issuer-schema";
import { previewRequest } from "@/lib/issuers/preview-request";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "previewIssuerApproval",
    summary: "The e-mail an institution would receive, without sending it",
    description:
      "Refused like a send would be (409 when the verification cannot be sent, 429 over a limit, 422 for the " +
      "requester's own address). `recipient.confirmation_reads` says what a confirmation from that address will " +
      'read: "Confirmed by <institution>" only for a domain of an admin-verified institution.',
    tag: "issuer-approval",
    access: "user",
    body: { json: PreviewApprovalRequest },
    responses: { 200: { description: "Subject, text, HTML and the recipient check.", schema: approvalPreviewSchema } },
    errors: ["not_found", "conflict", "rate_limited"],
  },
  async ({ db, user, body }) => json(await previewRequest(db, user, body)),
);
