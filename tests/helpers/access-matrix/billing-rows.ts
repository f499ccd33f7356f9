// Access-matrix rows of the /billing and /marketplace routes (spread into TABLE in
// tests/integration/access-matrix.int.test.ts, which turns billing on with the Stripe stand-in).
// Every route acts on the caller's own account, so another signed-in user simply gets their own;
// the webhook is public and opened by Stripe's signature, not by a session.
import { createCoupon } from "../../../lib/coupons/create-coupon";
import { getDb } from "../../../lib/db";
import { signedDelivery, stripeEvent } from "../stripe-stand-in";
import type { AccessRow, AppRow } from "./types";

const app = (row: Omit<AppRow, "family">): AppRow => ({ family: "app", ...row });

/** Checkout-opening routes: a session on Stripe, nothing booked until Stripe says it is paid. */
const opensCheckout = (path: string, body: object) =>
  app({
    access: "user",
    ok: 200,
    build: async (owner) => ({
      path,
      body,
      snapshot: async () =>
        (await getDb()).user.findUniqueOrThrow({
          where: { id: owner.user.id },
          select: { plan: true, creditBalance: true },
        }),
    }),
  });

/** A coupon made for the call: a caller redeems a code once (another user's session is the same user). */
const redeems = (path: string) =>
  app({
    access: "user",
    ok: 200,
    oneShot: true,
    build: async (owner) => {
      const coupon = await createCoupon(await getDb(), {
        kind: "multi_use",
        bonusVerifications: 3,
        createdById: owner.user.id,
      });
      return {
        path,
        body: { code: coupon.code },
        snapshot: async () =>
          (await getDb()).coupon.findUniqueOrThrow({ where: { code: coupon.code }, select: { redemptionCount: true } }),
      };
    },
  });

export const billingRows: Record<string, AccessRow> = {
  "POST /billing/redeem-coupon": redeems("/billing/redeem-coupon"),
  "POST /coupons/redeem": redeems("/coupons/redeem"),
  "GET /coupons/check/{code}": app({
    access: "public",
    ok: 200,
    build: async (owner) => {
      const coupon = await createCoupon(await getDb(), {
        kind: "single_use",
        bonusVerifications: 1,
        createdById: owner.user.id,
      });
      return { path: `/coupons/check/${coupon.code}`, params: { code: coupon.code } };
    },
  }),
  "GET /coupons/admin": app({ access: "super-admin", ok: 200, build: async () => ({ path: "/coupons/admin" }) }),
  "GET /billing/validate-referral": app({
    access: "public",
    ok: 200,
    // Says whether the code is valid, never whose it is.
    build: async (owner) => {
      const { referralCode } = await (await getDb()).user.findUniqueOrThrow({ where: { id: owner.user.id } });
      return { path: `/billing/validate-referral?code=${encodeURIComponent(referralCode)}` };
    },
  }),
  "POST /billing/create-checkout-session": opensCheckout("/billing/create-checkout-session", { plan: "business" }),
  "POST /billing/create-portal-session": opensCheckout("/billing/create-portal-session", {}),
  "POST /billing/purchase-overage": opensCheckout("/billing/purchase-overage", { quantity: 1 }),
  "POST /marketplace/purchase-credits": opensCheckout("/marketplace/purchase-credits", { pack_id: "small" }),
  "GET /billing/status": app({ access: "user", ok: 200, build: async () => ({ path: "/billing/status" }) }),
  "GET /marketplace/credits": app({ access: "user", ok: 200, build: async () => ({ path: "/marketplace/credits" }) }),
  "GET /marketplace/transactions": app({
    access: "user",
    ok: 200,
    build: async (owner) => {
      const db = await getDb();
      const { newId } = await import("../../../lib/ids");
      const transaction = await db.creditPackTransaction.create({
        data: {
          id: newId("packTransaction"),
          userId: owner.user.id,
          pack: "small",
          credits: 200,
          amountCents: 1900,
          currency: "eur",
        },
      });
      return { path: "/marketplace/transactions", secrets: [transaction.id] };
    },
  }),
  "POST /billing/webhook": app({
    access: "public",
    ok: 200,
    // The event names the owner's account: whoever delivers it, only the signature counts, and the
    // answer carries nothing of the account.
    build: async (owner) => {
      const event = stripeEvent("invoice.paid", {
        id: `in_${owner.user.id}`,
        object: "invoice",
        customer: null,
        billing_reason: "manual",
        amount_paid: 0,
        metadata: { user_id: owner.user.id },
      });
      const { body, headers } = signedDelivery(event);
      return { path: "/billing/webhook", body, headers };
    },
  }),
};
