import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import {
  CredentialParams,
  credentialSchema,
  UpdateCredentialRequest,
} from "@/lib/holder/credentials/credential-schema";
import { requestAchievementCheck } from "@/lib/holder/achievements/request-achievement-check";
import { deleteCredential } from "@/lib/holder/credentials/delete-credential";
import { toApiCredential } from "@/lib/holder/credentials/serialize-credential";
import { updateCredential } from "@/lib/holder/credentials/update-credential";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const PATCH = withApp(
  {
    operationId: "updateCredential",
    summary: "Rename, refile, pin or publish a credential",
    description: "A sample credential cannot be made public. Another user's credential answers 404.",
    tag: "holder",
    access: "user",
    params: CredentialParams,
    body: { json: UpdateCredentialRequest },
    responses: { 200: { description: "The updated credential.", schema: credentialSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params, body }) => {
    const credential = await updateCredential(db, user.id, params.credential_id, body);
    // Publishing can unlock "first public badge".
    if (body.is_public === true) await requestAchievementCheck(user.id);
    return json(toApiCredential(credential));
  },
);

const deletedSchema = z
  .object({ credential_id: z.string(), object: z.literal("credential"), deleted: z.literal(true) })
  .meta({ id: "DeletedCredential" });

export const DELETE = withApp(
  {
    operationId: "deleteCredential",
    summary: "Remove a credential",
    description: "Its badge stops answering; the verification stays and may be claimed again.",
    tag: "holder",
    access: "user",
    params: CredentialParams,
    responses: { 200: { description: "The credential is gone.", schema: deletedSchema } },
    errors: ["not_found"],
  },
  async ({ db, user, params }) => {
    await deleteCredential(db, user.id, params.credential_id);
    return json({ credential_id: params.credential_id, object: "credential", deleted: true });
  },
);
