"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

const VERDICTS = ["VERIFIED", "SUSPECT", "REJECTED", "MANUAL_REVIEW", "NOT_CREDENTIAL"] as const;

/**
 * The owner's (or an admin's) review of a verdict, through POST /review/submit. Naming the checks
 * that were wrong is what the learning engine learns from.
 */
export function ReviewForm({
  verificationId,
  verdict,
  checks,
}: {
  verificationId: string;
  verdict: string;
  checks: string[];
}) {
  const router = useRouter();
  const [chosen, setChosen] = useState(verdict);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);
  const confirming = chosen === verdict;

  async function submit(form: FormData) {
    setPending(true);
    setError(null);
    const result = await callApi("/review/submit", {
      method: "POST",
      body: JSON.stringify({
        verification_id: verificationId,
        verdict: chosen,
        reason: String(form.get("reason") ?? ""),
        wrong_checks: confirming ? [] : form.getAll("wrong_checks").map(String),
      }),
    });
    setPending(false);
    if (!result.ok) return setError(result.error ?? "The review was not saved.");
    setSent(true);
    router.refresh();
  }

  return (
    <details className="rounded-xl border border-slate-200 p-5">
      <summary className="cursor-pointer font-semibold">Review this verdict</summary>
      <p className="mt-2 text-sm text-slate-600">
        Your verdict shows in your own views (this page, the dashboard, folders and their export). Shared links, badges
        and institutions keep the engine&apos;s. Reviews from several accounts can teach the engine, once an
        administrator approves what they suggest.
      </p>
      <form action={submit} className="mt-4 space-y-4">
        <label className="block text-sm font-medium">
          The right verdict
          <select
            name="verdict"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            className="mt-1 block rounded-lg border border-slate-300 px-3 py-2"
          >
            {VERDICTS.map((v) => (
              <option key={v} value={v}>
                {v.replace("_", " ")}
                {v === verdict ? " (confirm the engine)" : ""}
              </option>
            ))}
          </select>
        </label>
        {!confirming && checks.length > 0 && (
          <fieldset className="space-y-1 text-sm">
            <legend className="font-medium">Which findings were wrong?</legend>
            {checks.map((check) => (
              <label key={check} className="flex items-center gap-2">
                <input type="checkbox" name="wrong_checks" value={check} />
                <code>{check}</code>
              </label>
            ))}
          </fieldset>
        )}
        <label className="block text-sm font-medium">
          Why
          <textarea
            name="reason"
            required
            minLength={3}
            maxLength={2000}
            rows={3}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-rejected">
            {error}
          </p>
        )}
        {sent && !error && (
          <p role="status" className="text-sm text-verified">
            Review saved.
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {pending ? "Saving…" : confirming ? "Confirm the verdict" : "Save my verdict"}
        </button>
      </form>
    </details>
  );
}
