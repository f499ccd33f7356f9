import type { DbClient, User } from "../db";

/**
 * The account a valid session cookie or application JWT names, for pages and routes alike. An account
 * deleted after the token was issued answers null: the caller is then signed out.
 */
export function findSignedInUser(db: DbClient, userId: string): Promise<User | null> {
  return db.user.findUnique({ where: { id: userId } });
}
