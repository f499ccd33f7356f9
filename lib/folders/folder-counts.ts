// How many documents each folder holds and the worst of their verdicts, for lists and details.
import type { DbClient } from "../db";
import { fromDbVerdict } from "../verifications/verdicts";
import type { FolderCounts } from "./serialize";
import { worstVerdict } from "./summary/worst-verdict";

export async function folderCounts(db: DbClient, folderIds: string[]): Promise<Map<string, FolderCounts>> {
  const links = await db.folderVerification.findMany({
    where: { folderId: { in: folderIds } },
    select: { folderId: true, verification: { select: { verdict: true } } },
  });
  const counts = new Map<string, FolderCounts>(folderIds.map((id) => [id, { documentCount: 0, worstVerdict: null }]));
  for (const link of links) {
    const entry = counts.get(link.folderId)!;
    entry.documentCount += 1;
    const verdict = link.verification.verdict ? fromDbVerdict(link.verification.verdict) : null;
    entry.worstVerdict = worstVerdict([entry.worstVerdict, verdict]);
  }
  return counts;
}
