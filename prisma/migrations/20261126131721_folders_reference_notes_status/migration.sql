-- Folders get the reviewer's reference, notes (the former description, kept) and a status.
CREATE TYPE "FolderStatus" AS ENUM ('open', 'in_review', 'approved', 'rejected', 'archived');

ALTER TABLE "folders" RENAME COLUMN "description" TO "notes";
ALTER TABLE "folders"
  ADD COLUMN "reference" TEXT,
  ADD COLUMN "status" "FolderStatus" NOT NULL DEFAULT 'open';
