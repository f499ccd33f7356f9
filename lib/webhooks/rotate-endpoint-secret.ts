import type { DbClient } from "../db";
import { getEndpointOrThrow } from "./get-endpoint-or-throw";
import type { Owner } from "./owner";
import { sealSecret } from "./seal-secret";
import { toApiEndpoint } from "./serialize";
import { newSigningSecret, secretPrefix } from "./sign";

/** A new secret replaces the old one at once: every later attempt, retries included, is signed with it. */
export async function rotateEndpointSecret(db: DbClient, id: string, owner: Owner) {
  const endpoint = await getEndpointOrThrow(db, id, owner);
  const secret = newSigningSecret();
  const updated = await db.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { secretEncrypted: sealSecret(secret), secretPrefix: secretPrefix(secret) },
  });
  return { ...toApiEndpoint(updated), secret };
}
