-- CreateTable
CREATE TABLE "public_download_buckets" (
    "key" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "public_download_buckets_pkey" PRIMARY KEY ("key")
);
