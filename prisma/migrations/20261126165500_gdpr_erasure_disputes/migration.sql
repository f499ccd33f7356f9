-- DropForeignKey
ALTER TABLE "credit_pack_transactions" DROP CONSTRAINT "credit_pack_transactions_userId_fkey";

-- AlterTable
ALTER TABLE "credit_pack_transactions" ADD COLUMN     "anonymisedAt" TIMESTAMP(3),
ALTER COLUMN "userId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "disputes" ADD COLUMN     "correctedVerdict" "Verdict",
ADD COLUMN     "originalVerdict" "Verdict";

-- CreateTable
CREATE TABLE "pending_file_deletions" (
    "storageKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_file_deletions_pkey" PRIMARY KEY ("storageKey")
);

-- CreateIndex
CREATE INDEX "pending_file_deletions_createdAt_idx" ON "pending_file_deletions"("createdAt");

-- AddForeignKey
ALTER TABLE "credit_pack_transactions" ADD CONSTRAINT "credit_pack_transactions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
