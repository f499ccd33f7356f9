"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi } from "../holder/call-api";

type Preview = { subject: string; recipient: { free_mail: boolean; confirmation_reads: string } };

/**
 * The request form: preview shows what a confirmation from that address will read (a domain that is
 * not a verified institution's is said so before anything is sent); send queues the e-mail. Both go
 * through the /issuer-approval routes, whose messages (limits, own address, pending request) are shown.
 */
export function RequestConfirmationForm({ verificationId }: { verificationId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const action = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    const element = event.currentTarget;
    const form = new FormData(element);
    const body = JSON.stringify({
      verification_id: verificationId,
      institution_name: String(form.get("institution_name") ?? "").trim(),
      institution_email: String(form.get("institution_email") ?? "").trim(),
      message: String(form.get("message") ?? "").trim() || undefined,
    });
    setBusy(true);
    setError(null);
    setSent(null);
    if (action === "preview") {
      const result = await callApi<Preview>("/issuer-approval/preview", { method: "POST", body });
      setBusy(false);
      if (result.ok && result.data) setPreview(result.data);
      else setError(result.error ?? "The preview failed.");
      return;
    }
    const result = await callApi<{ institution_email: string }>("/issuer-approval/send", { method: "POST", body });
    setBusy(false);
    if (!result.ok || !result.data) return setError(result.error ?? "The request could not be sent.");
    setPreview(null);
    element.reset();
    setSent(result.data.institution_email);
    router.refresh();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Request institution confirmation">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium">
          Institution
          <input
            name="institution_name"
            required
            minLength={2}
            maxLength={200}
            placeholder="University of Example"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm font-medium">
          Institution e-mail (registrar, records office)
          <input
            name="institution_email"
            type="email"
            required
            maxLength={254}
            placeholder="registrar@example.edu"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
      </div>
      <label className="block text-sm font-medium">
        Note to the institution (optional)
        <textarea
          name="message"
          maxLength={1000}
          rows={2}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      {preview && (
        <div
          role="status"
          className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700"
          data-testid="issuer-preview"
        >
          <p>
            Subject: <span className="font-medium">{preview.subject}</span>
          </p>
          <p className="mt-1">
            A confirmation from this address would read: <strong>{preview.recipient.confirmation_reads}</strong>
            {preview.recipient.free_mail && " (a free-mail address never counts as an institution)"}.
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-rejected">
          {error}
        </p>
      )}
      {sent && (
        <p role="status" className="text-sm text-verified">
          Request sent to {sent}. You will get an e-mail when they answer.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          value="send"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Working…" : "Send request"}
        </button>
        <button
          type="submit"
          value="preview"
          disabled={busy}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-slate-400 disabled:opacity-60"
        >
          Preview e-mail
        </button>
      </div>
    </form>
  );
}
