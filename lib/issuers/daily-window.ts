// The 24-hour windows of the sending limits: how many requests fall in one, and when the next
// slot frees up (for Retry-After).
import type { DbClient, Prisma } from "../db";

export const DAY_MS = 24 * 60 * 60 * 1000;

export const windowStart = () => new Date(Date.now() - DAY_MS);

/** Seconds until fewer than `limit` requests matching `where` remain in the last 24 hours. */
export async function secondsUntilBelowLimit(
  db: DbClient,
  where: Prisma.IssuerApprovalRequestWhereInput,
  used: number,
  limit: number,
): Promise<number> {
  const inWindow = { ...where, createdAt: { gt: windowStart() } };
  const ageingOut = await db.issuerApprovalRequest.findFirst({
    where: inWindow,
    orderBy: { createdAt: "asc" },
    skip: Math.max(0, used - limit),
    select: { createdAt: true },
  });
  if (!ageingOut) return 1;
  return Math.max(1, Math.ceil((ageingOut.createdAt.getTime() + DAY_MS - Date.now()) / 1000));
}
