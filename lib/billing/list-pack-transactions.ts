// GET /marketplace/transactions: the caller's pack and overage purchases, newest first.
import type { Db } from "../db";
import { listEnvelope } from "../http/pagination";
import { toApiPackTransaction } from "./serialize";

export async function listPackTransactions(db: Db, userId: string, page: { limit: number; startingAfter?: string }) {
  const rows = await db.creditPackTransaction.findMany({
    where: { userId, ...(page.startingAfter && { id: { lt: page.startingAfter } }) },
    orderBy: { id: "desc" },
    take: page.limit + 1,
  });
  return listEnvelope(rows, page.limit, toApiPackTransaction);
}
