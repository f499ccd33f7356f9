-- AlterTable
ALTER TABLE "users" ADD COLUMN     "carryoverCredits" INTEGER NOT NULL DEFAULT 0;
