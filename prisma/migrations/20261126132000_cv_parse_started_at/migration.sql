-- AlterTable: when a CV's parse was asked for, so a parse stuck in "parsing" can be failed.
ALTER TABLE "cv_uploads" ADD COLUMN "parseStartedAt" TIMESTAMP(3);

-- CreateIndex: the sweeper looks for CVs still parsing.
CREATE INDEX "cv_uploads_status_parseStartedAt_idx" ON "cv_uploads"("status", "parseStartedAt");
