// POST /holder/credentials/reorder: the whole new order in one call, applied in one transaction, so
// a reader never sees two credentials at the same place or one missing.
import type { Db } from "../../db";
import { ApiError } from "../../http/errors";
import { getProfileOrThrow } from "../get-profile-or-throw";
import { listCredentials } from "./list-credentials";

export async function reorderCredentials(db: Db, userId: string, ids: string[]) {
  const profile = await getProfileOrThrow(db, userId);
  return db.$transaction(async (tx) => {
    // Touching the profile row first locks it: two reorders of one profile run one after the other.
    await tx.holderProfile.update({ where: { id: profile.id }, data: { updatedAt: new Date() } });
    const owned = await tx.credential.findMany({ where: { profileId: profile.id }, select: { id: true } });
    const ownedIds = new Set(owned.map((c) => c.id));
    const given = new Set(ids);
    if (given.size !== ids.length) throw new ApiError("invalid_request", "credential_ids lists a credential twice.");
    const unknown = ids.filter((id) => !ownedIds.has(id));
    // Another profile's credential is not named as such: the same 404 as an id nobody has.
    if (unknown.length > 0)
      throw new ApiError("not_found", `No credential with id "${unknown[0]}" exists for this account.`);
    const missing = owned.filter((c) => !given.has(c.id)).map((c) => c.id);
    if (missing.length > 0)
      throw new ApiError(
        "invalid_request",
        `credential_ids must list every credential of the profile exactly once; missing: ${missing.join(", ")}.`,
      );
    for (const [index, id] of ids.entries())
      await tx.credential.update({ where: { id }, data: { displayOrder: index } });
    return listCredentials(tx, profile.id);
  });
}
