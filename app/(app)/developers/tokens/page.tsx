import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/components/app/current-user";
import { CreateTokenForm } from "@/components/developers/create-token-form";
import { TokenRowActions } from "@/components/developers/token-row-actions";
import { getDb } from "@/lib/db";
import { listTokens } from "@/lib/tokens/list-tokens";

export const metadata: Metadata = { title: "API tokens" };
export const dynamic = "force-dynamic";

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "—");

export default async function TokensPage() {
  const user = await currentUser();
  if (!user) redirect("/login?callbackUrl=/developers/tokens");
  const tokens = await listTokens(await getDb(), user.id, { includeInactive: true });
  return (
    <div className="space-y-8">
      {user.plan === "free" && (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-suspect">
          Your plan is Free: the API needs the Pro or Business plan. Tokens you create here will be refused until you
          upgrade.
        </p>
      )}
      <section className="space-y-3" aria-labelledby="create">
        <h2 id="create" className="text-lg font-semibold">
          Create a token
        </h2>
        <CreateTokenForm />
      </section>
      <section className="space-y-3" aria-labelledby="tokens">
        <h2 id="tokens" className="text-lg font-semibold">
          Your tokens
        </h2>
        {tokens.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No tokens yet.
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-4 py-3">Name</th>
                  <th className="px-4 py-3">Token</th>
                  <th className="px-4 py-3">Scopes</th>
                  <th className="px-4 py-3">Status</th>
                  <th className="px-4 py-3">Created · last used · expires</th>
                  <th className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {tokens.map((t) => (
                  <tr key={t.id} className="align-top">
                    <td className="px-4 py-3 font-medium">{t.name}</td>
                    <td className="px-4 py-3 font-mono text-xs">
                      {t.displayPrefix}…{t.lastFour}
                    </td>
                    <td className="px-4 py-3 text-xs">{t.scopes.join(", ")}</td>
                    <td className="px-4 py-3">{t.status}</td>
                    <td className="px-4 py-3 text-xs text-slate-500">
                      {day(t.createdAt)} · {day(t.lastUsedAt)} · {day(t.expiresAt)}
                    </td>
                    <td className="px-4 py-3">
                      {t.status === "active" && <TokenRowActions tokenId={t.id} name={t.name} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
