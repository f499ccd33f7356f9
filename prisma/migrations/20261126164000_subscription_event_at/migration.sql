-- When the last applied subscription event was created at Stripe: older news arriving late is ignored.
ALTER TABLE "users" ADD COLUMN "subscriptionEventAt" TIMESTAMP(3);
