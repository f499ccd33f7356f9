import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { institutionViewSchema, SecureTokenParams } from "@/lib/issuers/issuer-schema";
import { viewRequest } from "@/lib/issuers/view-request";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "viewIssuerApproval",
    summary: "The request as the institution sees it",
    description:
      "Public: the secret of the e-mailed link is the capability. The document's fields and Credence's verdict, " +
      "nothing of the requester's account. An unknown token answers 404.",
    tag: "issuer-approval",
    access: "public",
    params: SecureTokenParams,
    responses: { 200: { description: "The document and the request's state.", schema: institutionViewSchema } },
    errors: ["not_found"],
  },
  async ({ db, params }) => json((await viewRequest(db, params.secure_token)).view),
);
