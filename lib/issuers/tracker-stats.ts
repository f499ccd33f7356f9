import type { DbClient } from "../db";
import { issuerResponseP50 } from "../db/statements/issuer-response-p50";
import { EMAIL_STATUSES, REQUEST_STATUSES } from "./issuer-schema";
import { expireRequests } from "./request-state";

/** The admin tracker's figures: requests by status and e-mail status, and the median time to an answer. */
export async function trackerStats(db: DbClient) {
  await expireRequests(db);
  const [byStatus, byEmail, verified, p50] = await Promise.all([
    db.issuerApprovalRequest.groupBy({ by: ["status"], _count: { _all: true } }),
    db.issuerApprovalRequest.groupBy({ by: ["emailStatus"], _count: { _all: true } }),
    db.issuerApprovalRequest.count({ where: { status: "confirmed", answeredInstitutionId: { not: null } } }),
    issuerResponseP50(db),
  ]);
  const by_status = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<
    (typeof REQUEST_STATUSES)[number],
    number
  >;
  for (const row of byStatus) by_status[row.status] = row._count._all;
  const by_email_status = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as Record<
    (typeof EMAIL_STATUSES)[number],
    number
  >;
  for (const row of byEmail) by_email_status[row.emailStatus] = row._count._all;
  return {
    total: Object.values(by_status).reduce((a, b) => a + b, 0),
    by_status,
    by_email_status,
    answered: by_status.confirmed + by_status.disputed,
    confirmed_by_verified_institution: verified,
    response_time_p50_seconds: p50,
  };
}
