// DELETE /holder/credentials/{credential_id}: the credential and its badge go (the badge address
// answers 404 from then on); the verification itself stays, and may be claimed again.
import type { Db } from "../../db";
import { deleteObject } from "../../storage";
import { getCredentialOrThrow } from "./get-credential-or-throw";

export async function deleteCredential(db: Db, userId: string, credentialId: string): Promise<void> {
  const credential = await getCredentialOrThrow(db, userId, credentialId);
  await db.credential.delete({ where: { id: credential.id } });
  if (credential.badge?.imageKey) await deleteObject(credential.badge.imageKey);
}
