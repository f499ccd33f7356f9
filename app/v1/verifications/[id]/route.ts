import { withPublicApi } from "@/lib/http/public-api";
import { json } from "@/lib/http/response";
import { getVerificationOrThrow } from "@/lib/verifications/get-verification-or-throw";
import { toApiVerification } from "@/lib/verifications/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi<{ id: string }>({ scope: "verifications:read" }, async ({ db, auth, params }) => {
  const verification = await getVerificationOrThrow(db, params.id, { userId: auth.user.id, livemode: auth.livemode });
  return json(toApiVerification(verification));
});
