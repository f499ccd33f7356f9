import { z } from "zod";
import { withPublicApi } from "@/lib/api/public-api";
import { json } from "@/lib/http/response";
import { toApiVerification } from "@/lib/verifications/serialize";
import { getVerificationOrThrow } from "@/lib/verifications/get-verification-or-throw";
import { verificationSchema } from "@/lib/verifications/verification-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "getVerification",
    summary: "Retrieve a verification",
    tag: "Verifications",
    scope: "verifications:read",
    params: z.strictObject({ id: z.string().min(1).max(64).meta({ description: "A verification id (ver_…)." }) }),
    responses: { 200: { description: "The verification.", schema: verificationSchema } },
    errors: ["not_found"],
  },
  async ({ db, auth, params }) => {
    const verification = await getVerificationOrThrow(db, params.id, {
      userId: auth.user.id,
      livemode: auth.livemode,
    });
    return json(toApiVerification(verification));
  },
);
