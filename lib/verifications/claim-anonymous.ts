// After sign-in, the verifications this browser made while signed out become the account's:
// matched by the anonymous cookie, by the request fingerprint, or by the IP address within the
// last day (an address alone is shared too widely to trust for longer). The fingerprint and the
// address count only when the proxy reports the address; otherwise the cookie alone decides.
import type { DbClient, Prisma } from "../db";

const IP_WINDOW_MS = 24 * 3600_000;

export async function claimAnonymousVerifications(
  db: DbClient,
  userId: string,
  caller: { cookie: string | null; fingerprint: string; ip: string },
) {
  const match: Prisma.VerificationWhereInput[] = [];
  if (caller.cookie) match.push({ anonymousCookie: caller.cookie });
  // Without an address reported by the proxy the fingerprint is only the browser's user agent and
  // language, the same for everyone on that browser build: it would hand out strangers' documents.
  if (caller.ip !== "unknown") {
    match.push({ anonymousFingerprint: caller.fingerprint });
    match.push({ anonymousIp: caller.ip, createdAt: { gt: new Date(Date.now() - IP_WINDOW_MS) } });
  }
  if (match.length === 0) return [];
  const where: Prisma.VerificationWhereInput = { userId: null, source: "web", OR: match };
  const rows = await db.verification.findMany({ where, select: { id: true } });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await db.verification.updateMany({ where: { id: { in: ids }, userId: null }, data: { userId } });
  await db.storedFile.updateMany({ where: { verificationId: { in: ids }, userId: null }, data: { userId } });
  return ids;
}
