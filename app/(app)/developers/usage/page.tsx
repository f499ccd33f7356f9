import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { ModeSwitch } from "@/components/developers/mode-switch";
import { DailyChart } from "@/components/dashboard/daily-chart";
import { Stat } from "@/components/ui/stat";
import { getDb } from "@/lib/db";
import { getUsage } from "@/lib/usage/get-usage";

export const metadata: Metadata = { title: "API usage" };
export const dynamic = "force-dynamic";

export default async function UsagePage({
  searchParams,
}: {
  searchParams: Promise<{ mode?: string; period?: string }>;
}) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/developers/usage");
  const search = await searchParams;
  const mode = search.mode === "live" ? "live" : "test";
  const period = /^\d{4}-(0[1-9]|1[0-2])$/.test(search.period ?? "") ? search.period : undefined;
  const owner = { userId: user.id, livemode: mode === "live" };
  const db = await getDb();
  const [daily, byEndpoint] = await Promise.all([
    getUsage(db, owner, { period, group_by: "day" }),
    getUsage(db, owner, { period, group_by: "endpoint" }),
  ]);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <ModeSwitch mode={mode} href={(m) => `/developers/usage?mode=${m}${period ? `&period=${period}` : ""}`} />
        <span className="ml-4 text-slate-500">Period {daily.period}</span>
      </div>
      <section className="grid gap-4 sm:grid-cols-3" aria-label="Totals">
        <Stat label="Requests" value={daily.totals.requests} />
        <Stat label="Errors" value={daily.totals.errors} />
        <Stat label="Credits" value={daily.totals.credits} />
      </section>
      <section className="rounded-xl border border-slate-200 p-5" aria-labelledby="per-day">
        <h2 id="per-day" className="font-semibold">
          Requests per day
        </h2>
        <DailyChart
          days={daily.data.map((d) => ({ date: d.key, count: d.requests }))}
          label={`Requests per day, ${daily.period}`}
          unit="requests"
        />
      </section>
      <section aria-labelledby="per-endpoint" className="space-y-3">
        <h2 id="per-endpoint" className="font-semibold">
          By endpoint
        </h2>
        {byEndpoint.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No {mode}-mode API calls this period.
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2">Endpoint</th>
                <th className="py-2">Requests</th>
                <th className="py-2">Errors</th>
                <th className="py-2">Credits</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {byEndpoint.data.map((row) => (
                <tr key={row.key}>
                  <td className="py-2 font-mono text-xs">{row.key}</td>
                  <td>{row.requests}</td>
                  <td>{row.errors}</td>
                  <td>{row.credits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
