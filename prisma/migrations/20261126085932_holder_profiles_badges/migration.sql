-- AlterEnum
ALTER TYPE "CvStatus" ADD VALUE 'parsing';

-- AlterTable
ALTER TABLE "credentials" ADD COLUMN     "isSample" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "cv_uploads" ADD COLUMN     "eventCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "holder_profiles" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "orcidUrl" TEXT;

-- AlterTable
ALTER TABLE "social_links" ADD COLUMN     "handle" TEXT;

-- CreateTable
CREATE TABLE "holder_slug_aliases" (
    "slug" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "holder_slug_aliases_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "profile_views" (
    "profileId" TEXT NOT NULL,
    "visitorHash" TEXT NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "profile_views_pkey" PRIMARY KEY ("profileId","day","visitorHash")
);

-- CreateTable
CREATE TABLE "signing_keys" (
    "kid" TEXT NOT NULL,
    "publicJwk" JSONB NOT NULL,
    "privateJwkEnc" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE INDEX "holder_slug_aliases_profileId_idx" ON "holder_slug_aliases"("profileId");

-- AddForeignKey
ALTER TABLE "holder_slug_aliases" ADD CONSTRAINT "holder_slug_aliases_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "holder_profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "holder_profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
