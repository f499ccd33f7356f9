import { z } from "zod";
import { withApp } from "@/lib/api/app-api";
import { processStripeEvent } from "@/lib/billing/webhook/process-stripe-event";
import { verifyStripeEvent } from "@/lib/billing/webhook/verify-stripe-event";
import { readBodyLimited } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Stripe's events are small; anything larger is not one. */
const MAX_BYTES = 512 * 1024;

export const POST = withApp(
  {
    operationId: "stripeWebhook",
    summary: "Payment processor events",
    description:
      "Called by Stripe. The Stripe-Signature header is verified over the raw body with STRIPE_WEBHOOK_SECRET (400 invalid_signature otherwise). " +
      "Each event is processed once; a replay answers 200 with `duplicate`. Handled: checkout.session.completed, " +
      "checkout.session.async_payment_succeeded, customer.subscription.created/updated/deleted, invoice.paid, invoice.payment_failed, charge.refunded; " +
      "other types are acknowledged with `ignored`.",
    tag: "billing",
    access: "public",
    responses: {
      200: {
        description: "Acknowledged.",
        schema: z.object({ received: z.literal(true), outcome: z.enum(["processed", "duplicate", "ignored"]) }),
      },
    },
    errors: ["invalid_signature", "payload_too_large", "billing_not_configured"],
  },
  async ({ req, db }) => {
    // Bounded while it streams: a body past the limit is refused before it is all read.
    const raw = Buffer.from(await readBodyLimited(req, MAX_BYTES));
    const event = verifyStripeEvent(raw, req.headers.get("stripe-signature"));
    return json({ received: true, outcome: await processStripeEvent(db, event) });
  },
);
