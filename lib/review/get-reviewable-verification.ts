import type { DbClient, User } from "../db";
import { ApiError } from "../http/errors";

const isAdmin = (user: Pick<User, "role">) => user.role !== "user";

/**
 * A verification the caller may review: their own, or any for an administrator. Anyone else's
 * answers 404 like an id nobody has.
 */
export async function getReviewableVerificationOrThrow(db: DbClient, user: Pick<User, "id" | "role">, id: string) {
  const verification = await db.verification.findFirst({ where: isAdmin(user) ? { id } : { id, userId: user.id } });
  if (!verification) throw new ApiError("not_found", `No verification with id "${id}" exists in your account.`);
  return verification;
}

export function mayReview(user: Pick<User, "id" | "role"> | null, verification: { userId: string | null }): boolean {
  return !!user && (isAdmin(user) || verification.userId === user.id);
}
