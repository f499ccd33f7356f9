import { auth } from "@/auth";
import { findSignedInUser } from "@/lib/auth/find-signed-in-user";
import { getDb, type User } from "@/lib/db";

/** The signed-in user of a page or server action (next-auth session), or null. */
export async function currentUser(): Promise<User | null> {
  const id = (await auth())?.user?.id;
  return id ? findSignedInUser(await getDb(), id) : null;
}
