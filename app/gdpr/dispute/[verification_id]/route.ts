import { z } from "zod";
import { fileDispute, toApiDispute } from "@/lib/disputes/file-dispute";
import { withApp } from "@/lib/api/app-api";
import { parseJson, parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { VerificationParams, type VerificationRouteParams } from "@/lib/verifications/verification-params";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const DisputeRequest = z.strictObject({ reason: z.string().min(1).max(2000) });

export const POST = withApp<"user", VerificationRouteParams>({ access: "user" }, async ({ req, db, user, params }) => {
  const { verification_id } = parseParams(params, VerificationParams);
  const { reason } = await parseJson(req, DisputeRequest);
  const dispute = await fileDispute(db, { userId: user.id, verificationId: verification_id, reason });
  return json(toApiDispute(dispute), { status: 201 });
});
