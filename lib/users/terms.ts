// Terms-of-service acceptance. A new version of the terms makes everyone accept again.
import type { Db, User } from "../db";
import { timestamp } from "../http/response";

export const CURRENT_TOS_VERSION = "2026-01";

export function tosStatus(user: User) {
  const accepted = user.tosAcceptedAt !== null && user.tosVersion === CURRENT_TOS_VERSION;
  return {
    accepted,
    accepted_at: user.tosAcceptedAt ? timestamp(user.tosAcceptedAt) : null,
    accepted_version: user.tosVersion,
    current_version: CURRENT_TOS_VERSION,
  };
}

export async function acceptTos(db: Db, user: User): Promise<User> {
  return db.user.update({
    where: { id: user.id },
    data: { tosAcceptedAt: new Date(), tosVersion: CURRENT_TOS_VERSION },
  });
}
