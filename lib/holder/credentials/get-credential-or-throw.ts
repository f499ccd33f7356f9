import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { CREDENTIAL_INCLUDE } from "./serialize-credential";

/** A credential of the caller's profile; anyone else's (or none) is the same 404. */
export async function getCredentialOrThrow(db: DbClient, userId: string, credentialId: string) {
  const credential = await db.credential.findFirst({
    where: { id: credentialId, profile: { userId } },
    include: CREDENTIAL_INCLUDE,
  });
  if (!credential) throw new ApiError("not_found", `No credential with id "${credentialId}" exists for this account.`);
  return credential;
}
