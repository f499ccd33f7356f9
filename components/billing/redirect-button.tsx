"use client";
// A button that asks one of the billing routes for a Stripe URL (Checkout or the portal) and sends
// the browser there; errors (billing not configured, Stripe down) are shown beside it.
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

export function RedirectButton({
  path,
  body,
  children,
  primary = false,
}: {
  path: string;
  body: object;
  children: React.ReactNode;
  primary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    const res = await callApi<{ url: string }>(path, { method: "POST", body: JSON.stringify(body) });
    if (res.ok && res.data) {
      window.location.assign(res.data.url);
      return;
    }
    setError(res.error ?? "Something went wrong.");
    setBusy(false);
  };
  const style = primary
    ? "bg-brand-600 text-white hover:bg-brand-700"
    : "border border-slate-300 hover:border-slate-400";
  return (
    <div>
      <button
        type="button"
        onClick={() => void go()}
        disabled={busy}
        className={`rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60 ${style}`}
      >
        {busy ? "Opening Stripe…" : children}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
