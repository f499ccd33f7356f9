-- AlterTable
ALTER TABLE "verifications" ADD COLUMN     "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "verifications_status_heartbeatAt_idx" ON "verifications"("status", "heartbeatAt");
