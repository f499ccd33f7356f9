import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { RedeemCouponForm } from "@/components/billing/redeem-coupon-form";
import { RedirectButton } from "@/components/billing/redirect-button";
import { UsageMeter } from "@/components/billing/usage-meter";
import { DailyChart } from "@/components/dashboard/daily-chart";
import { Stat } from "@/components/ui/stat";
import { billingStatus } from "@/lib/billing/billing-status";
import { dailyCreditUse } from "@/lib/billing/daily-credit-use";
import { listPackTransactions } from "@/lib/billing/list-pack-transactions";
import { marketplaceCredits } from "@/lib/billing/marketplace-credits";
import { getDb } from "@/lib/db";
import { loadEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Billing" };
export const dynamic = "force-dynamic";

const PLAN_NAMES = { free: "Free", pro: "Pro", business: "Business" } as const;

const ACTIONS = {
  update_payment_method:
    "Your last payment failed. Update your card in the subscription portal before the grace period ends.",
  subscription_ends: "Your subscription is cancelled and ends at the end of the period.",
  discount_waiting: "A coupon discount is waiting for your next subscription checkout.",
  purchase_pending: "A purchase is waiting for Stripe's confirmation; this page updates when it arrives.",
} as const;

function money(cents: number | null, currency: string | null) {
  if (cents === null || !currency) return "price shown at checkout";
  return new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

export default async function BillingPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/billing");
  const search = await searchParams;
  const db = await getDb();
  const [status, perDay, market, history] = await Promise.all([
    billingStatus(db, user),
    dailyCreditUse(db, user),
    marketplaceCredits(db, user),
    listPackTransactions(db, user.id, { limit: 20 }),
  ]);
  const freeWeb = loadEnv().FREE_MONTHLY_VERIFICATIONS;
  const returned = search.checkout === "success" || search.purchase === "success";

  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Billing</h1>
        <p className="mt-1 text-slate-600">
          Your plan, this period&apos;s credits, packs and coupons.
          {!status.billing_enabled && " Payments are not set up on this server: your administrator manages plans."}
        </p>
      </div>

      {(returned || status.pending_actions.length > 0) && (
        <ul className="space-y-2" aria-label="Notices">
          {returned && (
            <li className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
              Thank you. Your payment is confirmed by Stripe in a moment; reload if the figures have not changed yet.
            </li>
          )}
          {status.pending_actions.map((action) => (
            <li key={action} className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {ACTIONS[action]}
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="usage" className="space-y-4">
        <h2 id="usage" className="text-xl font-semibold">
          This period
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label="Plan" value={PLAN_NAMES[status.plan]} />
          <Stat label="Credits remaining" value={status.credits.remaining} />
          <Stat label="Used" value={status.credits.used} />
          <Stat label="Resets" value={status.credits.resets_at.slice(0, 10)} />
        </div>
        <UsageMeter
          included={status.credits.included}
          used={status.credits.used}
          remaining={status.credits.remaining}
          carriedOver={status.credits.carried_over}
        />
        <figure className="rounded-xl border border-slate-200 p-5">
          <figcaption className="mb-2 text-sm font-semibold">Credits used per day</figcaption>
          {perDay.some((d) => d.credits > 0) ? (
            <DailyChart
              days={perDay.map((d) => ({ date: d.date, count: d.credits }))}
              label="Credits used per day this period"
              unit="credits"
            />
          ) : (
            <p className="py-6 text-center text-sm text-slate-600">No credits used yet this period.</p>
          )}
        </figure>
        {status.subscription && (
          <p className="text-sm text-slate-600">
            Subscription {status.subscription.status}
            {status.subscription.current_period_end &&
              `, paid until ${status.subscription.current_period_end.slice(0, 10)}`}
            {status.subscription.cancel_at_period_end && ", then ends"}.
          </p>
        )}
      </section>

      <section aria-labelledby="plans" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans" className="text-xl font-semibold">
            Plans
          </h2>
          {status.billing_enabled && (
            <RedirectButton path="/billing/create-portal-session" body={{}}>
              Manage subscription
            </RedirectButton>
          )}
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          {status.plans.map((plan) => (
            <article
              key={plan.plan}
              aria-label={`${PLAN_NAMES[plan.plan]} plan`}
              className={`rounded-xl border p-5 ${plan.plan === status.plan ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200"}`}
            >
              <h3 className="text-lg font-semibold">{PLAN_NAMES[plan.plan]}</h3>
              <ul className="mt-3 space-y-1 text-sm text-slate-600">
                <li>
                  {plan.plan === "free"
                    ? `${freeWeb} web verifications a month`
                    : `${plan.included_credits} live verifications a month`}
                </li>
                <li>
                  {plan.api_access
                    ? `API: ${plan.rate_limit.burst} burst, ${plan.rate_limit.per_minute} requests a minute`
                    : "Web only, no API access"}
                </li>
              </ul>
              <div className="mt-4">
                {plan.plan === status.plan ? (
                  <p className="text-sm font-semibold text-brand-700">Current plan</p>
                ) : plan.purchasable && !status.subscription?.status.match(/^(active|trialing|past_due)$/) ? (
                  <RedirectButton path="/billing/create-checkout-session" body={{ plan: plan.plan }} primary>
                    Choose {PLAN_NAMES[plan.plan]}
                  </RedirectButton>
                ) : plan.purchasable ? (
                  <p className="text-sm text-slate-500">Change plan in the subscription portal.</p>
                ) : null}
              </div>
            </article>
          ))}
        </div>
      </section>

      {market.packs.length > 0 && (
        <section aria-labelledby="packs" className="space-y-4">
          <h2 id="packs" className="text-xl font-semibold">
            Buy credits
          </h2>
          <p className="text-sm text-slate-600">Bought credits are kept from one period to the next.</p>
          <div className="grid gap-4 md:grid-cols-3">
            {market.packs.map((pack) => (
              <article key={pack.id} aria-label={pack.name} className="rounded-xl border border-slate-200 p-5">
                <h3 className="font-semibold">{pack.name}</h3>
                <p className="mt-1 text-sm text-slate-600">
                  {pack.credits} credits · {money(pack.amount_cents, pack.currency)}
                </p>
                <div className="mt-4">
                  {pack.id === "overage" ? (
                    <RedirectButton path="/billing/purchase-overage" body={{ quantity: 1 }}>
                      Buy
                    </RedirectButton>
                  ) : (
                    <RedirectButton path="/marketplace/purchase-credits" body={{ pack_id: pack.id }}>
                      Buy
                    </RedirectButton>
                  )}
                </div>
              </article>
            ))}
          </div>
        </section>
      )}

      <section aria-labelledby="coupon" className="space-y-4">
        <h2 id="coupon" className="text-xl font-semibold">
          Redeem a coupon
        </h2>
        <RedeemCouponForm />
      </section>

      <section aria-labelledby="history" className="space-y-4">
        <h2 id="history" className="text-xl font-semibold">
          Purchases
        </h2>
        {history.data.length === 0 ? (
          <p className="text-sm text-slate-600">No purchases yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-2">Date</th>
                <th>What</th>
                <th>Credits</th>
                <th>Amount</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <td className="py-2">{row.created_at.slice(0, 10)}</td>
                  <td>{row.kind === "overage" ? "Overage pack" : `Pack ${row.pack}`}</td>
                  <td>
                    {row.credits}
                    {row.refunded_credits > 0 && ` (${row.refunded_credits} refunded)`}
                  </td>
                  <td>{row.currency ? money(row.amount_cents, row.currency) : "—"}</td>
                  <td>{row.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
