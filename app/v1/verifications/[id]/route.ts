import { withPublicApi } from "@/lib/api/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { getVerificationRoute } from "@/lib/verifications/contracts";
import { toApiVerification } from "@/lib/verifications/serialize";
import { getVerificationOrThrow } from "@/lib/verifications/get-verification-or-throw";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi<{ id: string }>(getVerificationRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, getVerificationRoute.params);
  const verification = await getVerificationOrThrow(db, id, { userId: auth.user.id, livemode: auth.livemode });
  return json(toApiVerification(verification));
});
