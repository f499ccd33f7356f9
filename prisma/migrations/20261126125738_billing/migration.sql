/*
  Warnings:

  - A unique constraint covering the columns `[stripePaymentIntentId]` on the table `credit_pack_transactions` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "PackKind" AS ENUM ('pack', 'overage');

-- AlterTable
ALTER TABLE "coupon_redemptions" ADD COLUMN     "appliedAt" TIMESTAMP(3),
ADD COLUMN     "credits" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "coupons" ADD COLUMN     "percentOff" INTEGER,
ADD COLUMN     "stripeCouponId" TEXT;

-- AlterTable
ALTER TABLE "credit_pack_transactions" ADD COLUMN     "kind" "PackKind" NOT NULL DEFAULT 'pack',
ADD COLUMN     "refundedCredits" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stripePaymentIntentId" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "paymentGraceUntil" TIMESTAMP(3),
ADD COLUMN     "subscriptionCancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "subscriptionPeriodEnd" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "credit_pack_transactions_stripePaymentIntentId_key" ON "credit_pack_transactions"("stripePaymentIntentId");
