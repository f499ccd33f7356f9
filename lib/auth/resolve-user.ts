// Who is calling an application route: an application JWT as a bearer token. (The browser's
// next-auth session cookie is resolved by the same function once sign-in pages exist.)
import type { DbClient, User } from "../db";
import { verifyAppJwt } from "./jwt";

export async function resolveAppUser(db: DbClient, req: Request): Promise<User | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  if (!match) return null;
  const userId = await verifyAppJwt(match[1]);
  if (!userId) return null;
  return db.user.findUnique({ where: { id: userId } });
}
