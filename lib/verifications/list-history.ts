// A user's verification history (the dashboard). Only live verifications count: test-mode API
// calls are simulations.
import type { DbClient, Prisma } from "../db";
import type { Verdict } from "../forensics/types";
import { ownerSummaries } from "../review/owner-summaries";
import { toDbVerdict } from "./verdicts";

export interface HistoryQuery {
  limit: number;
  offset: number;
  verdict?: Verdict;
  docType?: string;
}

export async function listHistory(db: DbClient, userId: string, query: HistoryQuery) {
  const where: Prisma.VerificationWhereInput = {
    userId,
    livemode: true,
    ...(query.verdict ? { verdict: toDbVerdict(query.verdict) } : {}),
    ...(query.docType ? { docType: query.docType } : {}),
  };
  const [rows, total] = await Promise.all([
    db.verification.findMany({ where, orderBy: { id: "desc" }, take: query.limit, skip: query.offset }),
    db.verification.count({ where }),
  ]);
  // The owner's own list: a verdict they (or an admin) reviewed shows as reviewed, the original kept.
  return { items: await ownerSummaries(db, rows), total, limit: query.limit, offset: query.offset };
}
