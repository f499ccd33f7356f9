import type { FolderStatus } from "@/lib/folders/folder-schema";

export const FOLDER_STATUS_LABELS: Record<FolderStatus, string> = {
  open: "Open",
  in_review: "In review",
  approved: "Approved",
  rejected: "Rejected",
  archived: "Archived",
};
