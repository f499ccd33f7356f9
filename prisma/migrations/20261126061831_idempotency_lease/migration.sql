-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "leaseExpiresAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "leaseOwner" TEXT;
