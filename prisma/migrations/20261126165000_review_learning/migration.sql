-- AlterTable
ALTER TABLE "rule_suggestions" ADD COLUMN     "decisionNote" TEXT,
ADD COLUMN     "effect" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "evidence" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "overridesVersion" INTEGER,
ADD COLUMN     "scopeKey" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "fusion_override_sets" (
    "version" INTEGER NOT NULL,
    "rules" JSONB NOT NULL,
    "suggestionId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fusion_override_sets_pkey" PRIMARY KEY ("version")
);

-- CreateIndex
CREATE INDEX "rule_suggestions_scopeKey_status_idx" ON "rule_suggestions"("scopeKey", "status");

-- AddForeignKey
ALTER TABLE "fusion_override_sets" ADD CONSTRAINT "fusion_override_sets_suggestionId_fkey" FOREIGN KEY ("suggestionId") REFERENCES "rule_suggestions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
