import type { DbClient } from "../db";
import { toApiReview } from "./serialize";

/** The reviews the user submitted, newest first. */
export async function listReviewHistory(db: DbClient, userId: string, query: { limit: number; offset: number }) {
  const where = { reviewerId: userId };
  const [rows, total] = await Promise.all([
    db.review.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit,
      skip: query.offset,
      include: { verification: { select: { userId: true, fileName: true, docType: true } } },
    }),
    db.review.count({ where }),
  ]);
  return {
    object: "list" as const,
    data: rows.map(toApiReview),
    total,
    limit: query.limit,
    offset: query.offset,
    has_more: query.offset + rows.length < total,
  };
}
