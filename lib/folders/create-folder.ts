import type { DbClient } from "../db";
import { newId } from "../ids";
import type { CreateFolderInput } from "./folder-schema";

export async function createFolder(db: DbClient, userId: string, input: CreateFolderInput) {
  return db.folder.create({
    data: {
      id: newId("folder"),
      userId,
      name: input.name,
      applicantName: input.applicant_name ?? null,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      status: input.status ?? "open",
    },
  });
}
