import type { DbClient } from "../../db";
import { CREDENTIAL_INCLUDE, CREDENTIAL_ORDER } from "./serialize-credential";

/** Every credential of a profile, samples included, pinned first then in display order. */
export function listCredentials(db: DbClient, profileId: string) {
  return db.credential.findMany({
    where: { profileId },
    include: CREDENTIAL_INCLUDE,
    orderBy: [...CREDENTIAL_ORDER],
  });
}
