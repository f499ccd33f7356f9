// The account's requests, newest first: the route's recent list, and the dashboard's pages of it.
import type { DbClient } from "../db";
import { expireRequests } from "./request-state";
import { toOwnerRequest } from "./serialize";

export const MY_REQUESTS_LIMIT = 100;

export async function myRequests(db: DbClient, userId: string, page = { offset: 0, limit: MY_REQUESTS_LIMIT }) {
  await expireRequests(db, { userId });
  const [rows, total] = await Promise.all([
    db.issuerApprovalRequest.findMany({
      where: { userId },
      include: { answeredInstitution: true, verification: { select: { docType: true, fileName: true } } },
      orderBy: { createdAt: "desc" },
      skip: page.offset,
      take: page.limit,
    }),
    db.issuerApprovalRequest.count({ where: { userId } }),
  ]);
  return {
    items: rows.map((r) => ({
      ...toOwnerRequest(r),
      doc_type: r.verification.docType,
      file_name: r.verification.fileName,
    })),
    total,
  };
}
