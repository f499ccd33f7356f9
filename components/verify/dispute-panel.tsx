"use client";

import { useActionState } from "react";
import { fileDisputeAction, withdrawDisputeAction, type DisputeState } from "@/app/(app)/verifications/[id]/actions";

type Existing = { dispute_id: number; status: string; created_at: string; resolution_note: string | null } | null;

/** The owner's way to contest the automated verdict; an administrator reviews it. */
export function DisputePanel({ verificationId, existing }: { verificationId: string; existing: Existing }) {
  const [state, action, pending] = useActionState<DisputeState, FormData>(fileDisputeAction, {});
  const [withdrawal, withdraw, withdrawing] = useActionState<DisputeState, FormData>(withdrawDisputeAction, {});
  if (existing && existing.status === "pending") {
    return (
      <form
        action={withdraw}
        className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600"
      >
        <p role="status">
          Your dispute of this verdict (filed {existing.created_at.slice(0, 10)}) is waiting for a reviewer.
        </p>
        <input type="hidden" name="verification_id" value={verificationId} />
        <input type="hidden" name="dispute_id" value={existing.dispute_id} />
        <button
          type="submit"
          disabled={withdrawing}
          className="rounded-lg border border-slate-300 px-3 py-1 font-semibold hover:border-slate-400"
        >
          {withdrawing ? "Withdrawing…" : "Withdraw the dispute"}
        </button>
        {withdrawal.error && (
          <p role="alert" className="text-rejected">
            {withdrawal.error}
          </p>
        )}
      </form>
    );
  }
  return (
    <details className="rounded-xl border border-slate-200 p-5">
      <summary className="cursor-pointer font-semibold">Think the verdict is wrong? Dispute it</summary>
      {existing && (
        <p className="mt-2 text-sm text-slate-600">
          Your earlier dispute was {existing.status}
          {existing.resolution_note ? `: ${existing.resolution_note}` : "."}
        </p>
      )}
      <form action={action} className="mt-3 space-y-3">
        <input type="hidden" name="verification_id" value={verificationId} />
        <label className="block text-sm font-medium">
          What is wrong, and how do you know?
          <textarea
            name="reason"
            required
            minLength={10}
            maxLength={2000}
            rows={4}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        {state.error && (
          <p role="alert" className="text-sm text-rejected">
            {state.error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400"
        >
          {pending ? "Sending…" : "File the dispute"}
        </button>
      </form>
    </details>
  );
}
