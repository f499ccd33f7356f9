"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

const VERDICTS = ["VERIFIED", "SUSPECT", "REJECTED", "NOT_CREDENTIAL", "MANUAL_REVIEW"] as const;

/** An admin's resolution of one pending dispute, through POST /gdpr/admin/disputes/{id}/resolve. */
export function ResolveDisputeForm({ disputeId, current }: { disputeId: number; current: string | null }) {
  const router = useRouter();
  const [outcome, setOutcome] = useState<"upheld" | "rejected" | "withdrawn">("rejected");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(form: FormData) {
    setPending(true);
    setError(null);
    const note = String(form.get("resolution_note") ?? "");
    const result = await callApi(`/gdpr/admin/disputes/${disputeId}/resolve`, {
      method: "POST",
      body: JSON.stringify({
        outcome,
        resolution_note: note,
        ...(outcome === "upheld" && { corrected_verdict: String(form.get("corrected_verdict")) }),
      }),
    });
    setPending(false);
    if (!result.ok) setError(result.error ?? "The dispute could not be resolved.");
    else router.refresh();
  }

  return (
    <form action={submit} className="mt-3 space-y-2" aria-label={`Resolve dispute ${disputeId}`}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label>
          Outcome{" "}
          <select
            name="outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as typeof outcome)}
            className="rounded border border-slate-300 px-2 py-1"
          >
            <option value="rejected">Rejected: the verdict stands</option>
            <option value="upheld">Upheld: correct the verdict</option>
            <option value="withdrawn">Withdrawn</option>
          </select>
        </label>
        {outcome === "upheld" && (
          <label>
            Corrected verdict{" "}
            <select name="corrected_verdict" className="rounded border border-slate-300 px-2 py-1">
              {VERDICTS.filter((v) => v !== current).map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <label className="block text-sm">
        Note to the owner (optional; shown with a correction)
        <textarea
          name="resolution_note"
          maxLength={2000}
          rows={2}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-rejected">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {pending ? "Saving…" : "Resolve"}
      </button>
    </form>
  );
}
