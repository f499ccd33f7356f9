/*
  Warnings:

  - A unique constraint covering the columns `[pendingScope]` on the table `rule_suggestions` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "rule_suggestions" ADD COLUMN     "pendingScope" TEXT;

-- Suggestions already pending keep their scope (the oldest, should a scope have two).
UPDATE "rule_suggestions" SET "pendingScope" = "scopeKey"
WHERE "status" = 'pending'
  AND "id" IN (SELECT min("id") FROM "rule_suggestions" WHERE "status" = 'pending' GROUP BY "scopeKey");

-- CreateIndex
CREATE UNIQUE INDEX "rule_suggestions_pendingScope_key" ON "rule_suggestions"("pendingScope");
