// The admin tracker: every request, newest first, filtered and paged.
import type { DbClient, Prisma } from "../db";
import { EMAIL_STATUSES, REQUEST_STATUSES } from "./issuer-schema";
import { expireRequests } from "./request-state";
import { toTrackerItem } from "./serialize";

export interface TrackerFilter {
  page: number;
  page_size: number;
  search?: string;
  status?: (typeof REQUEST_STATUSES)[number];
  email_status?: (typeof EMAIL_STATUSES)[number];
}

export async function listTracker(db: DbClient, filter: TrackerFilter) {
  await expireRequests(db);
  const search = filter.search?.trim();
  const where: Prisma.IssuerApprovalRequestWhereInput = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.email_status ? { emailStatus: filter.email_status } : {}),
    ...(search
      ? {
          OR: [
            { institutionName: { contains: search, mode: "insensitive" } },
            { institutionEmail: { contains: search, mode: "insensitive" } },
            { user: { email: { contains: search, mode: "insensitive" } } },
            { id: search },
            { verificationId: search },
          ],
        }
      : {}),
  };
  const [total, rows] = await Promise.all([
    db.issuerApprovalRequest.count({ where }),
    db.issuerApprovalRequest.findMany({
      where,
      include: { user: true, verification: true, answeredInstitution: true },
      orderBy: { createdAt: "desc" },
      skip: (filter.page - 1) * filter.page_size,
      take: filter.page_size,
    }),
  ]);
  return { items: rows.map((r) => toTrackerItem(r)), total, page: filter.page, page_size: filter.page_size };
}
