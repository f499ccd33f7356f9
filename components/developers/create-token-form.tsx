"use client";

import { useActionState } from "react";
import { createTokenAction, type TokenActionState } from "@/app/(app)/developers/tokens/actions";
import { SCOPES } from "@/lib/tokens/scopes";
import { FormSubmit } from "./form-submit";
import { SecretOnce } from "./secret-once";

export function CreateTokenForm() {
  const [state, action, pending] = useActionState<TokenActionState, FormData>(createTokenAction, {});
  return (
    <div className="space-y-4">
      {state.secret && <SecretOnce name={state.name} secret={state.secret} />}
      <form action={action} className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2">
        <label className="text-sm font-medium">
          Name
          <input
            name="name"
            required
            maxLength={80}
            placeholder="e.g. HR portal"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <fieldset className="text-sm">
          <legend className="font-medium">Mode</legend>
          <div className="mt-2 flex gap-4">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="test" defaultChecked /> Test (free, deterministic)
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="live" /> Live (charges credits)
            </label>
          </div>
        </fieldset>
        <fieldset className="text-sm sm:col-span-2">
          <legend className="font-medium">Scopes</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {Object.entries(SCOPES).map(([scope, text]) => (
              <label key={scope} className="flex items-start gap-2">
                <input type="checkbox" name="scopes" value={scope} defaultChecked className="mt-1" />
                <span>
                  <code className="font-mono text-xs">{scope}</code> — {text}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="text-sm font-medium">
          Expires after (days, empty = never)
          <input
            name="expires_in_days"
            type="number"
            min={1}
            max={3650}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <FormSubmit pending={pending} label="Create token" pendingLabel="Creating…" error={state.error} />
      </form>
    </div>
  );
}
