// GET /billing/status: plan, subscription, credits of the period, purchases and what the user
// should do next. Reading it also applies a lapsed grace period (expire-grace.ts).
import type { Db, User } from "../db";
import { hasApiAccess, includedCredits, PLANS } from "../credits/plans";
import { timestamp } from "../http/response";
import { rateLimitFor } from "../ratelimit/plan-limits";
import { billingEnabled } from "./billing-config";
import { expireGraceIfDue } from "./expire-grace";
import { toApiCredits } from "./serialize";

export async function billingStatus(db: Db, caller: User, now = new Date()) {
  await expireGraceIfDue(db, caller.id, now);
  const user = await db.user.findUniqueOrThrow({ where: { id: caller.id } });
  const enabled = billingEnabled();
  const [paid, pending, discount] = await Promise.all([
    db.creditPackTransaction.aggregate({
      where: { userId: user.id, status: { in: ["paid", "refunded"] } },
      _count: true,
      _sum: { credits: true, refundedCredits: true },
    }),
    db.creditPackTransaction.count({ where: { userId: user.id, status: "pending" } }),
    db.couponRedemption.count({ where: { userId: user.id, appliedAt: null, coupon: { percentOff: { not: null } } } }),
  ]);
  const actions: Array<"update_payment_method" | "subscription_ends" | "discount_waiting" | "purchase_pending"> = [];
  if (user.paymentGraceUntil && user.plan !== "free") actions.push("update_payment_method");
  if (user.subscriptionCancelAtPeriodEnd && user.plan !== "free") actions.push("subscription_ends");
  if (discount > 0) actions.push("discount_waiting");
  if (pending > 0) actions.push("purchase_pending");
  return {
    billing_enabled: enabled,
    plan: user.plan,
    plans: PLANS.map((plan) => {
      const limit = rateLimitFor(plan);
      return {
        plan,
        included_credits: includedCredits(plan),
        rate_limit: { burst: limit.burst, per_minute: limit.sustained },
        api_access: hasApiAccess(plan),
        purchasable: enabled && plan !== "free",
      };
    }),
    subscription: user.subscriptionStatus
      ? {
          status: user.subscriptionStatus,
          current_period_end: user.subscriptionPeriodEnd ? timestamp(user.subscriptionPeriodEnd) : null,
          cancel_at_period_end: user.subscriptionCancelAtPeriodEnd,
          grace_until: user.paymentGraceUntil ? timestamp(user.paymentGraceUntil) : null,
        }
      : null,
    credits: toApiCredits(user),
    overage_opt_in: user.overageOptIn,
    packs_bought: {
      count: paid._count,
      credits: (paid._sum.credits ?? 0) - (paid._sum.refundedCredits ?? 0),
    },
    pending_actions: actions,
  };
}
