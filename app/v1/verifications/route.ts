import { withPublicApi } from "@/lib/api/public-api";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { createVerificationRoute, listVerificationsRoute } from "@/lib/verifications/contracts";
import { createVerification } from "@/lib/verifications/create-verification";
import { listVerifications } from "@/lib/verifications/list-verifications";
import { parseDocumentRequest } from "@/lib/verifications/parse-document-request";
import { toApiVerification } from "@/lib/verifications/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(createVerificationRoute, async ({ req, db, auth, usage, reservedId }) => {
  const document = await parseDocumentRequest(req);
  const verification = await createVerification(db, {
    id: reservedId?.("verification"),
    userId: auth.user.id,
    tokenId: auth.token.id,
    livemode: auth.livemode,
    source: "api",
    document,
  });
  usage.credits = verification.creditsCharged;
  return json(toApiVerification(verification));
});

export const GET = withPublicApi(listVerificationsRoute, async ({ req, db, auth }) => {
  const query = parseQuery(req, listVerificationsRoute.query);
  return json(await listVerifications(db, { userId: auth.user.id, livemode: auth.livemode }, query));
});
