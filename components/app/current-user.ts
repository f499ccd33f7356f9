import { auth } from "@/auth";
import { getDb, type User } from "@/lib/db";

/** The signed-in user of a page (next-auth session), or null. */
export async function currentUser(): Promise<User | null> {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  return (await getDb()).user.findUnique({ where: { id } });
}
