-- Existing requests keep working: their clear-text token becomes its sha256, their recipient's domain
-- is read from the address. (Hand-edited from the generated drop/add of the columns.)
-- DropIndex
DROP INDEX "issuer_approval_requests_secureToken_key";

-- AlterTable
ALTER TABLE "issuer_approval_requests" RENAME COLUMN "secureToken" TO "tokenHash";
UPDATE "issuer_approval_requests" SET "tokenHash" = encode(sha256(convert_to("tokenHash", 'UTF8')), 'hex');
ALTER TABLE "issuer_approval_requests" ADD COLUMN     "answeredInstitutionId" TEXT,
ADD COLUMN     "emailAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tokenSealed" TEXT,
ADD COLUMN     "recipientDomain" TEXT;
UPDATE "issuer_approval_requests" SET "recipientDomain" = lower(split_part("institutionEmail", '@', 2));
ALTER TABLE "issuer_approval_requests" ALTER COLUMN "recipientDomain" SET NOT NULL;

-- CreateTable
CREATE TABLE "institutions" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "verifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "institutions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "institution_domains" (
    "domain" TEXT NOT NULL,
    "institutionId" TEXT NOT NULL,
    "addedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "institution_domains_pkey" PRIMARY KEY ("domain")
);

-- CreateIndex
CREATE UNIQUE INDEX "institutions_name_key" ON "institutions"("name");

-- CreateIndex
CREATE INDEX "institution_domains_institutionId_idx" ON "institution_domains"("institutionId");

-- CreateIndex
CREATE UNIQUE INDEX "issuer_approval_requests_tokenHash_key" ON "issuer_approval_requests"("tokenHash");

-- CreateIndex
CREATE INDEX "issuer_approval_requests_institutionEmail_createdAt_idx" ON "issuer_approval_requests"("institutionEmail", "createdAt");

-- CreateIndex
CREATE INDEX "issuer_approval_requests_createdAt_idx" ON "issuer_approval_requests"("createdAt");

-- AddForeignKey
ALTER TABLE "issuer_approval_requests" ADD CONSTRAINT "issuer_approval_requests_answeredInstitutionId_fkey" FOREIGN KEY ("answeredInstitutionId") REFERENCES "institutions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "institution_domains" ADD CONSTRAINT "institution_domains_institutionId_fkey" FOREIGN KEY ("institutionId") REFERENCES "institutions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
