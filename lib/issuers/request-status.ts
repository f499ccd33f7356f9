// The owner's view of one verification: its standing issuer status and every request about it.
import type { DbClient } from "../db";
import { standingIssuerStatus } from "./issuer-status";
import { getOwnedVerificationOrThrow } from "./get-owned-verification-or-throw";
import { expireRequests } from "./request-state";
import { toOwnerRequest } from "./serialize";

export async function requestStatus(db: DbClient, verificationId: string, userId: string) {
  const v = await getOwnedVerificationOrThrow(db, verificationId, userId);
  await expireRequests(db, { verificationId: v.id });
  const requests = await db.issuerApprovalRequest.findMany({
    where: { verificationId: v.id },
    include: { answeredInstitution: true },
    orderBy: { createdAt: "desc" },
  });
  return {
    verification_id: v.id,
    issuer: await standingIssuerStatus(db, v.id),
    requests: requests.map((r) => toOwnerRequest(r)),
  };
}
