// The owner takes back their own pending dispute (the result page's "Withdraw"): it closes as
// withdrawn, with no mail (they did it) and no change to the verdict. Another user's answers like none.
import type { DbClient } from "../db";
import { ApiError } from "../http/errors";

export async function withdrawDispute(db: DbClient, userId: string, disputeId: number) {
  const { count } = await db.dispute.updateMany({
    where: { id: disputeId, userId, status: "pending" },
    data: { status: "withdrawn", resolvedAt: new Date(), resolutionNote: "Withdrawn by the owner." },
  });
  if (count === 0) throw new ApiError("not_found", "No pending dispute of yours with this id.");
}
