// A request's state as of now: a pending request past its expiry is expired, whether or not the
// row has been updated yet (expireRequests writes it down).
import type { DbClient, IssuerApprovalRequest, Prisma } from "../db";

export type RequestStatus = IssuerApprovalRequest["status"];

export function effectiveStatus(
  r: Pick<IssuerApprovalRequest, "status" | "expiresAt">,
  now = new Date(),
): RequestStatus {
  return r.status === "pending" && r.expiresAt <= now ? "expired" : r.status;
}

/** Records the expiry of pending requests past their date (before lists and counts read statuses). */
export async function expireRequests(db: DbClient, where: Prisma.IssuerApprovalRequestWhereInput = {}): Promise<void> {
  await db.issuerApprovalRequest.updateMany({
    where: { ...where, status: "pending", expiresAt: { lte: new Date() } },
    data: { status: "expired" },
  });
}
