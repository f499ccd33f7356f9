"use client";

import { useState } from "react";

/** A secret shown exactly once, with a copy button. */
export function SecretOnce({ name, secret }: { name?: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4">
      <p className="text-sm font-semibold text-verified">
        {name ? `“${name}” is ready.` : "Your token is ready."} Copy the secret now: it is shown once and cannot be
        shown again.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="token-secret"
          className="break-all rounded-md bg-white px-3 py-2 font-mono text-sm ring-1 ring-green-200"
        >
          {secret}
        </code>
        <button
          type="button"
          className="rounded-lg border border-green-300 bg-white px-3 py-2 text-sm font-semibold hover:border-green-400"
          onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
