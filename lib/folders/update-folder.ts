import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import type { UpdateFolderInput } from "./folder-schema";

/** Only the fields sent change; null clears an optional one. One scoped statement: another user's id is 404. */
export async function updateFolder(db: DbClient, userId: string, id: string, input: UpdateFolderInput) {
  const { count } = await db.folder.updateMany({
    where: { id, userId },
    data: {
      name: input.name,
      applicantName: input.applicant_name,
      reference: input.reference,
      notes: input.notes,
      status: input.status,
    },
  });
  if (count === 0) throw new ApiError("not_found", `No folder with id "${id}" exists in your account.`);
  return db.folder.findUniqueOrThrow({ where: { id } });
}
