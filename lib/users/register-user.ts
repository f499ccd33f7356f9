// Registration with e-mail and password; a referral code links the new account to its referrer
// (the reward itself is granted by billing when the referred account first pays).
import type { Db } from "../db";
import { newId } from "../ids";
import { createUser } from "./create-user";

export async function registerUser(
  db: Db,
  input: { email: string; password: string; name?: string; referralCode?: string },
) {
  const user = await createUser(db, { email: input.email, password: input.password, name: input.name });
  if (!input.referralCode) return user;
  const referrer = await db.user.findUnique({ where: { referralCode: input.referralCode }, select: { id: true } });
  // An unknown code does not fail registration: the person still gets their account.
  if (!referrer || referrer.id === user.id) return user;
  const [linked] = await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { referredById: referrer.id } }),
    db.referral.create({ data: { id: newId("referral"), referrerId: referrer.id, referredUserId: user.id } }),
  ]);
  return linked;
}
