// PATCH /holder/credentials/{credential_id}. A sample stays private whatever is asked; a renamed
// credential's cached badge image is dropped (it prints the label).
import type { Db } from "../../db";
import { ApiError } from "../../http/errors";
import { deleteObject } from "../../storage";
import type { UpdateCredentialInput } from "./credential-schema";
import { getCredentialOrThrow } from "./get-credential-or-throw";
import { CREDENTIAL_INCLUDE } from "./serialize-credential";

export async function updateCredential(db: Db, userId: string, credentialId: string, input: UpdateCredentialInput) {
  const credential = await getCredentialOrThrow(db, userId, credentialId);
  if (credential.isSample && input.is_public === true)
    throw new ApiError(
      "invalid_request",
      "A sample credential (from a test-mode verification or a VERIFIED SAMPLE verdict) can never be public.",
    );
  const relabelled = input.label !== undefined && input.label !== credential.label;
  const imageKey = credential.badge?.imageKey;
  const updated = await db.$transaction(async (tx) => {
    if (relabelled && credential.badge)
      await tx.badge.update({ where: { id: credential.badge.id }, data: { imageKey: null } });
    return tx.credential.update({
      where: { id: credential.id },
      data: {
        label: input.label,
        category: input.category,
        isPinned: input.is_pinned,
        isPublic: input.is_public,
      },
      include: CREDENTIAL_INCLUDE,
    });
  });
  if (relabelled && imageKey) await deleteObject(imageKey);
  return updated;
}
