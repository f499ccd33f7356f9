import { withApp } from "@/lib/api/app-api";
import { credentialListSchema, ReorderCredentialsRequest } from "@/lib/holder/credentials/credential-schema";
import { reorderCredentials } from "@/lib/holder/credentials/reorder-credentials";
import { toApiCredential } from "@/lib/holder/credentials/serialize-credential";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApp(
  {
    operationId: "reorderCredentials",
    summary: "Set the display order of every credential",
    description:
      "credential_ids lists every credential of the profile exactly once, in the new order; applied in one transaction.",
    tag: "holder",
    access: "user",
    body: { json: ReorderCredentialsRequest },
    responses: { 200: { description: "The credentials in their new order.", schema: credentialListSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, body }) =>
    json({ object: "list", data: (await reorderCredentials(db, user.id, body.credential_ids)).map(toApiCredential) }),
);
