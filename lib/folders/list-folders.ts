import type { DbClient, Prisma } from "../db";
import { listEnvelope } from "../http/pagination";
import type { FolderStatus } from "./folder-schema";
import { folderCounts } from "./folder-counts";
import { toApiFolder } from "./serialize";

export interface ListFoldersQuery {
  limit: number;
  starting_after?: string;
  status?: FolderStatus;
}

/** The user's folders, newest first, a page at a time. */
export async function listFolders(db: DbClient, userId: string, query: ListFoldersQuery) {
  const where: Prisma.FolderWhereInput = {
    userId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.starting_after ? { id: { lt: query.starting_after } } : {}),
  };
  const rows = await db.folder.findMany({ where, orderBy: { id: "desc" }, take: query.limit + 1 });
  const counts = await folderCounts(
    db,
    rows.map((r) => r.id),
  );
  return listEnvelope(rows, query.limit, (folder) => toApiFolder(folder, counts.get(folder.id)!));
}
