// The account's recent requests, newest first.
import type { DbClient } from "../db";
import { expireRequests } from "./request-state";
import { toOwnerRequest } from "./serialize";

export const MY_REQUESTS_LIMIT = 100;

export async function myRequests(db: DbClient, userId: string) {
  await expireRequests(db, { userId });
  const rows = await db.issuerApprovalRequest.findMany({
    where: { userId },
    include: { answeredInstitution: true, verification: { select: { docType: true, fileName: true } } },
    orderBy: { createdAt: "desc" },
    take: MY_REQUESTS_LIMIT,
  });
  return {
    items: rows.map((r) => ({
      ...toOwnerRequest(r),
      doc_type: r.verification.docType,
      file_name: r.verification.fileName,
    })),
  };
}
