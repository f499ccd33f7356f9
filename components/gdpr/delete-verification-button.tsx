"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/components/holder/call-api";

/** Erases one verification and everything derived from it (POST /gdpr/delete-verification/{id}). */
export function DeleteVerificationButton({ verificationId, name }: { verificationId: string; name: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function erase() {
    if (!window.confirm(`Erase "${name}" for good? Its file, report, share link, badges and folder links go too.`))
      return;
    setPending(true);
    const result = await callApi(`/gdpr/delete-verification/${encodeURIComponent(verificationId)}`, { method: "POST" });
    setPending(false);
    if (!result.ok) setError(result.error ?? "It could not be erased.");
    else router.refresh();
  }
  return (
    <span>
      <button
        type="button"
        onClick={() => void erase()}
        disabled={pending}
        className="rounded-lg border border-red-200 px-3 py-1 text-sm font-semibold text-rejected hover:border-red-400"
      >
        {pending ? "Erasing…" : "Erase"}
      </button>
      {error && (
        <span role="alert" className="ml-2 text-sm text-rejected">
          {error}
        </span>
      )}
    </span>
  );
}
