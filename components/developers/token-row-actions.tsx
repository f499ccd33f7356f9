"use client";

import { useActionState } from "react";
import { revokeTokenAction, rotateTokenAction, type TokenActionState } from "@/app/(app)/developers/tokens/actions";
import { SecretOnce } from "./secret-once";

export function TokenRowActions({ tokenId, name }: { tokenId: string; name: string }) {
  const [state, rotate, pending] = useActionState<TokenActionState, FormData>(rotateTokenAction, {});
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <form action={rotate}>
          <input type="hidden" name="token_id" value={tokenId} />
          <button
            type="submit"
            disabled={pending}
            className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold hover:border-slate-400"
          >
            {pending ? "Rotating…" : "Rotate"}
          </button>
        </form>
        <form
          action={revokeTokenAction}
          onSubmit={(e) => {
            if (!window.confirm(`Revoke “${name}”? Requests using it will fail at once.`)) e.preventDefault();
          }}
        >
          <input type="hidden" name="token_id" value={tokenId} />
          <button
            type="submit"
            className="rounded-md border border-red-200 px-2.5 py-1 text-xs font-semibold text-rejected hover:border-red-400"
          >
            Revoke
          </button>
        </form>
      </div>
      {state.secret && <SecretOnce name={state.name} secret={state.secret} />}
      {state.error && (
        <p role="alert" className="text-xs text-rejected">
          {state.error}
        </p>
      )}
    </div>
  );
}
