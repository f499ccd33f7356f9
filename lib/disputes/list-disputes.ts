// GET /gdpr/admin/disputes: the queue. Pending disputes oldest first (first filed, first looked at);
// with another status, or none, the newest first.
import type { DbClient, DisputeStatus } from "../db";
import { ADMIN_DISPUTE_INCLUDE, toAdminDispute } from "./serialize";

export async function listDisputes(db: DbClient, query: { status?: DisputeStatus; limit: number }) {
  const where = query.status ? { status: query.status } : {};
  const order = query.status === "pending" ? "asc" : "desc";
  const [rows, total] = await Promise.all([
    db.dispute.findMany({
      where,
      include: ADMIN_DISPUTE_INCLUDE,
      orderBy: [{ createdAt: order }, { id: order }],
      take: query.limit,
    }),
    db.dispute.count({ where }),
  ]);
  return { items: rows.map(toAdminDispute), total, limit: query.limit };
}
