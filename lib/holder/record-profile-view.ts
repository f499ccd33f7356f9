// Profile views for /holder/stats: one per visitor per day, so a reload or a crawler hammering the
// page counts once. The visitor is stored only as a keyed hash (the instance's secret), so the
// table holds no user id, address or user agent and cannot be reversed by guessing addresses.
import { createHmac } from "node:crypto";
import { authSecret } from "../auth/secrets";
import { clientIp } from "../auth/client-ip";
import type { DbClient } from "../db";

export interface ProfileVisitor {
  /** The signed-in visitor, if any: counted by account, whatever their address. */
  userId?: string | null;
  /** Signed-out visitors are told apart by address and user agent. */
  ip?: string | null;
  userAgent?: string | null;
}

export interface RecordedView {
  /** True when this was the visitor's first view of the profile today (UTC). */
  counted: boolean;
}

/** The visitor of a request (a route's Request, or a page's `headers()` wrapped as `{ headers }`). */
export function profileVisitor(req: { headers: Headers }, userId: string | null | undefined): ProfileVisitor {
  return { userId: userId ?? null, ip: clientIp(req), userAgent: req.headers.get("user-agent") };
}

export function visitorHash(visitor: ProfileVisitor): string {
  const who = visitor.userId
    ? `user:${visitor.userId}`
    : `anon:${visitor.ip ?? "unknown"}|${(visitor.userAgent ?? "").slice(0, 512)}`;
  return createHmac("sha256", authSecret()).update(`profile-view:${who}`).digest("base64url");
}

/** The UTC calendar day of `at`, as the DATE column stores it. */
export function viewDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export async function recordProfileView(
  db: DbClient,
  profileId: string,
  visitor: ProfileVisitor,
  at: Date = new Date(),
): Promise<RecordedView> {
  const profile = await db.holderProfile.findUnique({ where: { id: profileId }, select: { userId: true } });
  // The owner looking at their own page is not a view; neither is a profile that is gone.
  if (!profile || (visitor.userId && visitor.userId === profile.userId)) return { counted: false };
  // ON CONFLICT DO NOTHING: two concurrent first views insert one row, and only its insert counts.
  const { count } = await db.profileView.createMany({
    data: [{ profileId, visitorHash: visitorHash(visitor), day: viewDay(at) }],
    skipDuplicates: true,
  });
  if (count === 0) return { counted: false };
  await db.holderProfile.update({ where: { id: profileId }, data: { viewCount: { increment: 1 } } });
  return { counted: true };
}
