-- A sign-up by e-mail link carries the referral code of the page it started from.
ALTER TABLE "magic_links" ADD COLUMN "referralCode" TEXT;
