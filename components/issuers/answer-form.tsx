"use client";

import { useState, type FormEvent } from "react";
import { callApi } from "../holder/call-api";

type Answer = { status: "confirmed" | "disputed"; responded_at: string; issuer: { text: string } };

/**
 * Confirm or Dispute, through the public respond route. The secret travels only in the path of a
 * same-origin POST with a JSON body (no cookie is involved, so there is nothing for a forged
 * cross-site form to borrow); a second answer is refused by the server and its message shown.
 */
export function AnswerForm({ token, expiresAt }: { token: string; expiresAt: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    setBusy(true);
    setError(null);
    const result = await callApi<Answer>(`/issuer-approval/respond/${encodeURIComponent(token)}`, {
      method: "POST",
      body: JSON.stringify({
        decision: submitter?.value === "dispute" ? "dispute" : "confirm",
        responder_name: text("responder_name"),
        comment: text("comment"),
      }),
    });
    setBusy(false);
    if (result.ok && result.data) setAnswer(result.data);
    else setError(result.error ?? "The answer could not be recorded.");
  }

  if (answer)
    return (
      <section role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6">
        <h2 className="text-lg font-semibold">Thank you: your answer is recorded</h2>
        <p className="mt-2 text-slate-700">
          The credential now reads: <strong>{answer.issuer.text}</strong>. The person who asked has been told. You can
          close this page.
        </p>
      </section>
    );

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4 rounded-2xl border border-slate-200 p-6">
      <h2 className="text-lg font-semibold">Your answer</h2>
      <label className="block text-sm font-medium">
        Your name and role (optional)
        <input
          name="responder_name"
          maxLength={200}
          autoComplete="name"
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      <label className="block text-sm font-medium">
        Comment (optional)
        <textarea
          name="comment"
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
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="decision"
          value="confirm"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Confirm: we issued it
        </button>
        <button
          type="submit"
          name="decision"
          value="dispute"
          disabled={busy}
          className="rounded-lg border border-red-300 px-4 py-2 font-semibold text-rejected hover:border-red-400 disabled:opacity-60"
        >
          Dispute: we did not issue it
        </button>
      </div>
      <p className="text-xs text-slate-500">
        You can answer once, until {expiresAt.slice(0, 10)}. The first answer stands.
      </p>
    </form>
  );
}
