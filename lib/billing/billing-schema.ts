// Wire format of the /billing and /marketplace routes.
import { z } from "zod";
import { listEnvelopeSchema } from "../http/pagination";

const dateTime = z.string().meta({ format: "date-time" });
const returnPath = (what: string) =>
  z
    .string()
    .max(512)
    .optional()
    .meta({ description: `A path on this site (starting with "/") to return to ${what}.` });

export const CheckoutRequest = z
  .strictObject({
    plan: z.enum(["pro", "business"]),
    success_path: returnPath("after paying"),
    cancel_path: returnPath("when the buyer gives up"),
  })
  .meta({ id: "CheckoutRequest" });

export const PortalRequest = z
  .strictObject({ return_path: returnPath("from the portal") })
  .meta({ id: "PortalRequest" });

export const OverageRequest = z
  .strictObject({
    quantity: z.int().min(1).max(100).default(1).meta({ description: "Overage packs to buy at once." }),
    success_path: returnPath("after paying"),
    cancel_path: returnPath("when the buyer gives up"),
  })
  .meta({ id: "OverageRequest" });

export const PurchaseCreditsRequest = z
  .strictObject({
    pack_id: z.string().min(1).max(40).meta({ description: "A pack of GET /marketplace/credits." }),
    quantity: z.int().min(1).max(100).default(1),
    success_path: returnPath("after paying"),
    cancel_path: returnPath("when the buyer gives up"),
  })
  .meta({ id: "PurchaseCreditsRequest" });

export const checkoutSessionSchema = z
  .object({
    session_id: z.string(),
    url: z.string().meta({ description: "Send the buyer here (Stripe Checkout)." }),
    plan: z.enum(["pro", "business"]).optional(),
    transaction_id: z.string().optional(),
    credits: z.int().optional(),
  })
  .meta({ id: "CheckoutSession" });

export const portalSessionSchema = z.object({ url: z.string() }).meta({ id: "PortalSession" });

const creditsSchema = z.object({
  included: z.int().meta({ description: "Credits of the period: the plan's (or the admin-set quota) plus bonus." }),
  used: z.int().min(0),
  remaining: z.int(),
  carried_over: z.int().min(0).meta({
    description:
      "Bought or granted credits in the balance that the next reset keeps (the period's own are spent first).",
  }),
  resets_at: dateTime,
});

export const packSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    credits: z.int(),
    amount_cents: z.int().nullable().meta({ description: "Null when Stripe shows the price at checkout." }),
    currency: z.string().nullable(),
  })
  .meta({ id: "CreditPack" });

export const billingStatusSchema = z
  .object({
    billing_enabled: z
      .boolean()
      .meta({ description: "False on a server without Stripe: plans change by an administrator." }),
    plan: z.enum(["free", "pro", "business"]),
    plans: z.array(
      z.object({
        plan: z.enum(["free", "pro", "business"]),
        included_credits: z.int(),
        rate_limit: z.object({ burst: z.int(), per_minute: z.int() }),
        api_access: z.boolean(),
        purchasable: z.boolean(),
      }),
    ),
    subscription: z
      .object({
        status: z.string(),
        current_period_end: dateTime.nullable(),
        cancel_at_period_end: z.boolean(),
        grace_until: dateTime.nullable(),
      })
      .nullable(),
    credits: creditsSchema,
    overage_opt_in: z.boolean(),
    packs_bought: z.object({ count: z.int().min(0), credits: z.int().min(0) }),
    pending_actions: z.array(
      z.enum(["update_payment_method", "subscription_ends", "discount_waiting", "purchase_pending"]),
    ),
  })
  .meta({ id: "BillingStatus" });

export const marketplaceCreditsSchema = z
  .object({ billing_enabled: z.boolean(), credits: creditsSchema, packs: z.array(packSchema) })
  .meta({ id: "MarketplaceCredits" });

export const packTransactionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["pack", "overage"]),
    pack: z.string(),
    credits: z.int(),
    refunded_credits: z.int(),
    amount_cents: z.int(),
    currency: z.string(),
    status: z.enum(["pending", "paid", "failed", "refunded"]),
    created_at: dateTime,
    paid_at: dateTime.nullable(),
  })
  .meta({ id: "CreditPackTransaction" });

export const transactionListSchema = listEnvelopeSchema(packTransactionSchema).meta({
  id: "CreditPackTransactionList",
});
