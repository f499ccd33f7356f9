"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

/** Erases the account (POST /gdpr/delete-account) once its e-mail is typed out, then signs out. */
export function DeleteAccountForm({ email }: { email: string }) {
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();

  async function erase() {
    setPending(true);
    setError(null);
    const result = await callApi("/gdpr/delete-account", { method: "POST" });
    if (!result.ok) {
      setPending(false);
      setError(result.error ?? "The account could not be erased.");
      return;
    }
    await signOut({ redirectTo: "/" });
  }

  return (
    <form action={() => void erase()} className="space-y-3" aria-label="Delete my account">
      <label className="block text-sm">
        Type your e-mail address, <strong>{email}</strong>, to confirm
        <input
          name="confirm_email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          className="mt-1 block w-full max-w-md rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-rejected">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={!confirmed || pending}
        className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white enabled:hover:bg-red-700 disabled:opacity-50"
      >
        {pending ? "Erasing…" : "Delete my account and all its data"}
      </button>
    </form>
  );
}
