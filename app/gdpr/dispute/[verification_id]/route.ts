import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { DISPUTE_REASON_MAX, fileDispute } from "@/lib/disputes/file-dispute";
import { toApiDispute } from "@/lib/disputes/serialize";
import { disputeSchema } from "@/lib/disputes/dispute-schema";
import { json } from "@/lib/http/response";
import { VerificationParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const DisputeRequest = z
  .strictObject({ reason: z.string().min(1).max(DISPUTE_REASON_MAX) })
  .meta({ id: "DisputeRequest" });

export const POST = withApp(
  {
    operationId: "fileDispute",
    summary: "Dispute the verdict of one's own verification",
    description: "Only the owner may file; another user's verification answers 404.",
    tag: "gdpr",
    access: "user",
    params: VerificationParams,
    body: { json: DisputeRequest },
    responses: { 201: { description: "The dispute, pending.", schema: disputeSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, user, params, body }) => {
    const dispute = await fileDispute(db, {
      userId: user.id,
      verificationId: params.verification_id,
      reason: body.reason,
    });
    return json(toApiDispute(dispute), { status: 201 });
  },
);
