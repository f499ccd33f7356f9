"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { toApiBiography } from "@/lib/holder/biography/biography-schema";
import { callApi } from "./call-api";
import { Notice } from "./field";

type Biography = ReturnType<typeof toApiBiography>;

export function BiographyPanel({ biography }: { biography: Biography | null }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function generate() {
    setPending(true);
    setError(null);
    const result = await callApi("/holder/biography/generate", { method: "POST" });
    setPending(false);
    if (!result.ok) return setError(result.error ?? "The biography was not generated.");
    router.refresh();
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Written from your profile, your verified credentials (never samples) and your timeline, in the language chosen
        on the Profile tab. Generate it again after a change.
      </p>
      {biography ? (
        <article className="space-y-3 rounded-xl border border-slate-200 p-5" aria-label="Biography">
          {biography.paragraphs.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          <p className="text-xs text-slate-500">
            Generated {biography.generated_at.replace("T", " ").replace("Z", " UTC")} · {biography.credential_count}{" "}
            credential(s), {biography.life_event_count} life event(s)
          </p>
        </article>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No biography yet.
        </p>
      )}
      <Notice error={error} />
      <button
        type="button"
        onClick={() => void generate()}
        disabled={pending}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? "Writing…" : biography ? "Generate again" : "Generate biography"}
      </button>
    </div>
  );
}
