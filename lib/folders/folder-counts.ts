// How many documents each folder holds and the worst of their verdicts, for lists and details.
import type { DbClient } from "../db";
import { publicVerdict, reviewedVerdicts } from "../review/reviewed-verdict";
import type { FolderCounts } from "./serialize";
import { worstVerdict } from "./summary/worst-verdict";

export async function folderCounts(db: DbClient, folderIds: string[]): Promise<Map<string, FolderCounts>> {
  const links = await db.folderVerification.findMany({
    where: { folderId: { in: folderIds } },
    select: { folderId: true, verification: { select: { id: true, userId: true, verdict: true } } },
  });
  // Folders are their owner's view: a reviewed verdict counts as reviewed.
  const reviews = await reviewedVerdicts(
    db,
    links.map((l) => l.verification),
  );
  const counts = new Map<string, FolderCounts>(folderIds.map((id) => [id, { documentCount: 0, worstVerdict: null }]));
  for (const link of links) {
    const entry = counts.get(link.folderId)!;
    entry.documentCount += 1;
    const verdict = reviews.get(link.verification.id)?.verdict ?? publicVerdict(link.verification);
    entry.worstVerdict = worstVerdict([entry.worstVerdict, verdict]);
  }
  return counts;
}
