import { withApp } from "@/lib/api/app-api";
import { json } from "@/lib/http/response";
import { InstitutionResponse, respondResultSchema, SecureTokenParams } from "@/lib/issuers/issuer-schema";
import { respondToRequest } from "@/lib/issuers/respond-to-request";

export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "respondIssuerApproval",
    summary: "The institution confirms or disputes",
    description:
      "Public, by the link's secret. Answers once: a second answer, or one after the link expired, is refused " +
      'with 409 and the first stands. The answer reads "Confirmed by <institution>" only when the address the ' +
      "request went to is at a domain of an admin-verified institution.",
    tag: "issuer-approval",
    access: "public",
    params: SecureTokenParams,
    body: { json: InstitutionResponse },
    responses: { 200: { description: "The recorded answer.", schema: respondResultSchema } },
    errors: ["not_found", "conflict"],
  },
  async ({ db, params, body }) => json(await respondToRequest(db, params.secure_token, body)),
);
