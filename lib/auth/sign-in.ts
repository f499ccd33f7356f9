// What every sign-in answers (register, login, magic link): the user and an application JWT.
import type { Db, User } from "../db";
import { normalizeEmail } from "../users/create-user";
import { APP_JWT_TTL_SECONDS, signAppJwt } from "./jwt";
import { hashPassword, verifyPassword } from "./password";

export function userInfo(user: User) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    plan: user.plan,
    tos_accepted: user.tosAcceptedAt !== null,
    profile_completed: user.profileCompletedAt !== null,
    bonus_verifications: user.bonusVerifications,
  };
}

export type UserInfo = ReturnType<typeof userInfo>;

export async function signInResult(user: User) {
  return {
    access_token: await signAppJwt(user),
    token_type: "bearer" as const,
    expires_in: APP_JWT_TTL_SECONDS,
    user: userInfo(user),
  };
}

// Compared against when the address is unknown, so an unknown e-mail costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

/** The user for this e-mail and password, or null (never says which of the two was wrong). */
export async function authenticatePassword(db: Db, email: string, password: string): Promise<User | null> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) } });
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword("decoy password that matches nothing");
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  return db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
}
