"use client";

import { useActionState } from "react";
import {
  deleteWebhookAction,
  pingWebhookAction,
  rotateWebhookSecretAction,
  type WebhookActionState,
} from "@/app/(app)/developers/webhooks/actions";
import { SecretOnce } from "./secret-once";

const button = "rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold hover:border-slate-400";

export function WebhookActions({ endpointId, mode, url }: { endpointId: string; mode: "test" | "live"; url: string }) {
  const [pinged, ping, pinging] = useActionState<WebhookActionState, FormData>(pingWebhookAction, {});
  const [rotated, rotate, rotating] = useActionState<WebhookActionState, FormData>(rotateWebhookSecretAction, {});
  const hidden = (
    <>
      <input type="hidden" name="endpoint_id" value={endpointId} />
      <input type="hidden" name="mode" value={mode} />
    </>
  );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <form action={ping}>
          {hidden}
          <button className={button} disabled={pinging}>
            {pinging ? "Sending…" : "Send test event"}
          </button>
        </form>
        <form action={rotate}>
          {hidden}
          <button className={button} disabled={rotating}>
            {rotating ? "Rotating…" : "Rotate secret"}
          </button>
        </form>
        <form
          action={deleteWebhookAction}
          onSubmit={(e) => {
            if (!window.confirm(`Delete the endpoint ${url}? Its delivery history goes with it.`)) e.preventDefault();
          }}
        >
          {hidden}
          <button className={`${button} border-red-200 text-rejected hover:border-red-400`}>Delete</button>
        </form>
      </div>
      {pinged.message && (
        <p role="status" className="text-xs text-verified">
          {pinged.message}
        </p>
      )}
      {(pinged.error ?? rotated.error) && (
        <p role="alert" className="text-xs text-rejected">
          {pinged.error ?? rotated.error}
        </p>
      )}
      {rotated.secret && <SecretOnce name={rotated.name} secret={rotated.secret} />}
    </div>
  );
}
