import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { ModeSwitch } from "@/components/developers/mode-switch";
import { CreateWebhookForm } from "@/components/developers/create-webhook-form";
import { WebhookActions } from "@/components/developers/webhook-actions";
import { getDb } from "@/lib/db";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";
import { replayDeliveryAction } from "./actions";

export const metadata: Metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

const STATUS_STYLE: Record<string, string> = {
  succeeded: "text-verified",
  pending: "text-slate-600",
  failed: "text-suspect",
  permanently_failed: "text-rejected",
};

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<{ mode?: string }> }) {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/developers/webhooks");
  const mode = (await searchParams).mode === "live" ? "live" : "test";
  const owner = { userId: user.id, livemode: mode === "live" };
  const db = await getDb();
  const endpoints = await listEndpoints(db, owner, { limit: 100 });
  const deliveries = await Promise.all(endpoints.data.map((e) => listDeliveries(db, e.id, owner, { limit: 10 })));

  return (
    <div className="space-y-8">
      <div className="flex items-center gap-2 text-sm">
        <ModeSwitch mode={mode} href={(m) => `/developers/webhooks?mode=${m}`} />
      </div>
      <section className="space-y-3" aria-labelledby="add">
        <h2 id="add" className="text-lg font-semibold">
          Add an endpoint
        </h2>
        <p className="text-sm text-slate-600">
          Deliveries are signed: check <code className="font-mono">X-Service-Signature</code> over the raw body (see the{" "}
          <Link href="/v1/docs/reference" className="text-brand-600 underline">
            API reference
          </Link>
          ). Failed deliveries are retried after 30 s, 2 min, 10 min, 30 min, 2 h, 6 h, 12 h and 24 h.
        </p>
        <CreateWebhookForm mode={mode} />
      </section>
      <section className="space-y-4" aria-labelledby="endpoints">
        <h2 id="endpoints" className="text-lg font-semibold">
          Endpoints ({endpoints.data.length})
        </h2>
        {endpoints.data.length === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No {mode}-mode endpoints yet.
          </p>
        )}
        {endpoints.data.map((endpoint, i) => (
          <article key={endpoint.id} className="space-y-4 rounded-xl border border-slate-200 p-5">
            <header className="flex flex-wrap items-start justify-between gap-4">
              <div>
                <p className="break-all font-mono text-sm font-semibold">{endpoint.url}</p>
                <p className="mt-1 text-xs text-slate-500">
                  {endpoint.description ? `${endpoint.description} · ` : ""}
                  {endpoint.events.length === 0 ? "all events" : endpoint.events.join(", ")} · secret{" "}
                  {endpoint.secret_prefix}…
                </p>
              </div>
              <WebhookActions endpointId={endpoint.id} mode={mode} url={endpoint.url} />
            </header>
            {deliveries[i].data.length === 0 ? (
              <p className="text-sm text-slate-500">No deliveries yet.</p>
            ) : (
              <table className="w-full text-left text-xs">
                <thead className="text-slate-500">
                  <tr>
                    <th className="py-1">Event</th>
                    <th className="py-1">Status</th>
                    <th className="py-1">Attempts (time · code · latency · answer)</th>
                    <th className="py-1">
                      <span className="sr-only">Replay</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 align-top">
                  {deliveries[i].data.map((d) => (
                    <tr key={d.id}>
                      <td className="py-2 font-mono">{d.event_type}</td>
                      <td className={`py-2 font-semibold ${STATUS_STYLE[d.status] ?? ""}`}>
                        {d.status.replace("_", " ")}
                      </td>
                      <td className="py-2">
                        <ol className="space-y-1">
                          {d.attempts.map((a) => (
                            <li key={a.number} className="font-mono">
                              #{a.number} {a.started_at.slice(11, 19)} · {a.status_code ?? "—"} · {a.latency_ms} ms
                              {a.response_snippet
                                ? ` · ${a.response_snippet.slice(0, 60)}`
                                : a.error
                                  ? ` · ${a.error}`
                                  : ""}
                            </li>
                          ))}
                          {d.next_attempt_at && d.status !== "succeeded" && (
                            <li className="text-slate-500">
                              next attempt {d.next_attempt_at.slice(0, 19).replace("T", " ")}
                            </li>
                          )}
                        </ol>
                      </td>
                      <td className="py-2 text-right">
                        <form action={replayDeliveryAction}>
                          <input type="hidden" name="endpoint_id" value={endpoint.id} />
                          <input type="hidden" name="delivery_id" value={d.id} />
                          <input type="hidden" name="mode" value={mode} />
                          <button className="rounded-md border border-slate-300 px-2 py-1 font-semibold hover:border-slate-400">
                            Replay
                          </button>
                        </form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </article>
        ))}
      </section>
    </div>
  );
}
