import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { CreateCouponForm } from "@/components/billing/create-coupon-form";
import { Stat } from "@/components/ui/stat";
import { couponStatistics } from "@/lib/coupons/coupon-statistics";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Coupons" };
export const dynamic = "force-dynamic";

/** Super admins, like GET /coupons/admin: anyone else gets the same 404 as a missing page. */
export default async function CouponsPage() {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/admin/coupons");
  if (user.role !== "super_admin") notFound();
  const { data, totals } = await couponStatistics(await getDb());
  return (
    <div className="space-y-10">
      <h1 className="text-3xl font-bold tracking-tight">Coupons</h1>
      <section className="grid gap-4 sm:grid-cols-4" aria-label="Totals">
        <Stat label="Codes" value={totals.coupons} />
        <Stat label="Active" value={totals.active} />
        <Stat label="Redemptions" value={totals.redemptions} />
        <Stat label="Credits granted" value={totals.credits_granted} />
      </section>
      <section aria-labelledby="create" className="space-y-4">
        <h2 id="create" className="text-xl font-semibold">
          New coupon
        </h2>
        <CreateCouponForm />
      </section>
      <section aria-labelledby="codes" className="space-y-4">
        <h2 id="codes" className="text-xl font-semibold">
          Every code
        </h2>
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2">Code</th>
              <th>Gives</th>
              <th>Redeemed</th>
              <th>Credits granted</th>
              <th>Expires</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {data.map((c) => (
              <tr key={c.code} className="border-t border-slate-100">
                <td className="py-2 font-mono">{c.code}</td>
                <td>{c.percent_off !== null ? `${c.percent_off} % off` : `${c.bonus_verifications} credits`}</td>
                <td>
                  {c.redemption_count}
                  {c.max_redemptions !== null && ` / ${c.max_redemptions}`}
                </td>
                <td>{c.credits_granted}</td>
                <td>{c.expires_at?.slice(0, 10) ?? "—"}</td>
                <td>{c.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
