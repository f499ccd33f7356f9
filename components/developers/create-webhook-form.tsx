"use client";

import { useActionState } from "react";
import { createWebhookAction, type WebhookActionState } from "@/app/(app)/developers/webhooks/actions";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { FormSubmit } from "./form-submit";
import { SecretOnce } from "./secret-once";

export function CreateWebhookForm({ mode }: { mode: "test" | "live" }) {
  const [state, action, pending] = useActionState<WebhookActionState, FormData>(createWebhookAction, {});
  return (
    <div className="space-y-4">
      {state.secret && <SecretOnce name={state.name} secret={state.secret} />}
      <form action={action} className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2">
        <input type="hidden" name="mode" value={mode} />
        <label className="text-sm font-medium sm:col-span-2">
          Endpoint URL {mode === "live" && <span className="font-normal text-slate-500">(https)</span>}
          <input
            name="url"
            type="url"
            required
            placeholder="https://example.com/hooks/credence"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="text-sm font-medium sm:col-span-2">
          Description
          <input
            name="description"
            maxLength={500}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <fieldset className="text-sm sm:col-span-2">
          <legend className="font-medium">Events (none checked: all of them)</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input type="checkbox" name="events" value={type} />
                <code className="font-mono text-xs">{type}</code>
              </label>
            ))}
          </div>
        </fieldset>
        <FormSubmit pending={pending} label="Add endpoint" pendingLabel="Adding…" error={state.error} />
      </form>
    </div>
  );
}
