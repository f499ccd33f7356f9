import type { DbClient } from "../db";
import { listFolderVerifications } from "./list-folder-verifications";
import { toApiFolder, toApiFolderVerification } from "./serialize";
import { folderSummary } from "./summary/folder-summary";

/** A folder with its documents and their consistency summary: GET /folders/{id} and the folder page. */
export async function getFolderDetail(db: DbClient, userId: string, folderId: string) {
  const { folder, links } = await listFolderVerifications(db, userId, folderId);
  const summary = folderSummary(links.map((l) => l.verification));
  return {
    ...toApiFolder(folder, { documentCount: links.length, worstVerdict: summary.worst_verdict }),
    verifications: links.map(toApiFolderVerification),
    summary,
  };
}
