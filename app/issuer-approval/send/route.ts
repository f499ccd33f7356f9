import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { ownerRequestSchema, SendApprovalRequest } from "@/lib/issuers/issuer-schema";
import { sendRequest } from "@/lib/issuers/send-request";
import { toOwnerRequest } from "@/lib/issuers/serialize";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "sendIssuerApproval",
    summary: "Send the confirmation request to the institution",
    description:
      "Records the request (email_status queued) and queues its e-mail; a job sends it and retries transient " +
      "failures, then email_status is sent, or failed with the transport's reason. Live, completed credential " +
      "verifications of the caller only; limits per account per day, per verification and per recipient per " +
      "day answer 429. The requester's own address is refused (422).",
    tag: "issuer-approval",
    access: "user",
    body: { json: SendApprovalRequest },
    responses: { 201: { description: "The request, queued.", schema: ownerRequestSchema } },
    errors: ["not_found", "conflict", "rate_limited"],
  },
  async ({ db, user, body }) => json(toOwnerRequest(await sendRequest(db, user, body)), { status: 201 }),
);
