"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

const button = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:border-slate-400";

/** Runs one admin call of /review/admin, then shows the page again with what it changed. */
function useAdminCall() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  async function run(path: string, body: object | undefined, done: (data: unknown) => string) {
    setPending(true);
    setMessage(null);
    const result = await callApi(path, { method: "POST", body: body ? JSON.stringify(body) : undefined });
    setPending(false);
    setMessage(
      result.ok ? { error: false, text: done(result.data) } : { error: true, text: result.error ?? "Failed." },
    );
    if (result.ok) router.refresh();
  }
  const note = message && (
    <p
      role={message.error ? "alert" : "status"}
      className={`text-sm ${message.error ? "text-rejected" : "text-verified"}`}
    >
      {message.text}
    </p>
  );
  return { pending, run, note };
}

export function GenerateSuggestionsButton() {
  const { pending, run, note } = useAdminCall();
  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={pending}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        onClick={() =>
          run("/review/admin/generate-suggestions", undefined, (data) => {
            const d = data as { created: number; refreshed: number };
            return `${d.created} new, ${d.refreshed} refreshed.`;
          })
        }
      >
        {pending ? "Learning…" : "Generate suggestions from the reviews"}
      </button>
      {note}
    </div>
  );
}

export function SuggestionDecision({ id }: { id: number }) {
  const { pending, run, note } = useAdminCall();
  const [reason, setReason] = useState("");
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start gap-3">
        <button
          type="button"
          disabled={pending}
          className={button}
          onClick={() =>
            run(`/review/admin/approve/${id}`, undefined, (data) => {
              const d = data as { overrides_version: number };
              return `Approved: overrides version ${d.overrides_version} is in force.`;
            })
          }
        >
          Approve
        </button>
        <form
          className="flex flex-1 flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run(`/review/admin/reject/${id}`, { reason }, () => "Rejected.");
          }}
        >
          <input
            name="reason"
            required
            minLength={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Why reject?"
            aria-label={`Why reject suggestion ${id}`}
            className="min-w-48 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
          />
          <button type="submit" disabled={pending} className={button}>
            Reject
          </button>
        </form>
      </div>
      {note}
    </div>
  );
}
