import { withPublicApi } from "@/lib/http/public-api";
import { json } from "@/lib/http/response";
import { createVerification } from "@/lib/verifications/create-verification";
import { parseDocumentRequest } from "@/lib/verifications/parse-document-request";
import { toApiVerification } from "@/lib/verifications/serialize";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi({ scope: "verifications:write" }, async ({ req, db, auth }) => {
  const document = await parseDocumentRequest(req);
  const verification = await createVerification(db, {
    userId: auth.user.id,
    tokenId: auth.token.id,
    livemode: auth.livemode,
    source: "api",
    document,
  });
  return json(toApiVerification(verification));
});
