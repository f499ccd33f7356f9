// Registration with e-mail and password, linked to its referrer when it came from a referral link.
import type { Db } from "../db";
import { createUser } from "./create-user";
import { linkReferral } from "./link-referral";

export async function registerUser(
  db: Db,
  input: { email: string; password: string; name?: string; referralCode?: string },
) {
  const user = await createUser(db, { email: input.email, password: input.password, name: input.name });
  return (await linkReferral(db, user.id, input.referralCode)) ?? user;
}
