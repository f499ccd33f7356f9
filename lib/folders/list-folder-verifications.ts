import type { DbClient } from "../db";
import { reviewedVerdicts, withReviewedVerdict } from "../review/reviewed-verdict";
import { getFolderOrThrow } from "./get-folder-or-throw";

/**
 * The folder's documents in the order they were added, with their verifications as the folder's
 * owner sees them: a reviewed one carries the reviewed verdict (summaries and exports use it) and
 * the review with the original verdict beside it.
 */
export async function listFolderVerifications(db: DbClient, userId: string, folderId: string) {
  const folder = await getFolderOrThrow(db, userId, folderId);
  const links = await db.folderVerification.findMany({
    where: { folderId },
    orderBy: [{ addedAt: "asc" }, { verificationId: "asc" }],
    include: { verification: true },
  });
  const reviews = await reviewedVerdicts(
    db,
    links.map((l) => l.verification),
  );
  return {
    folder,
    links: links.map((l) => {
      const review = reviews.get(l.verificationId);
      return { ...l, verification: withReviewedVerdict(l.verification, review), review: review ?? null };
    }),
  };
}
