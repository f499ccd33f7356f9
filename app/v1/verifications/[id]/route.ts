import { withPublicApi } from "@/lib/http/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { getVerificationRoute } from "@/lib/verifications/contracts";
import { getVerificationOrThrow } from "@/lib/verifications/get-verification-or-throw";
import { toApiVerification } from "@/lib/verifications/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi<{ id: string }>(getVerificationRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, getVerificationRoute.params);
  const verification = await getVerificationOrThrow(db, id, { userId: auth.user.id, livemode: auth.livemode });
  return json(toApiVerification(verification));
});
