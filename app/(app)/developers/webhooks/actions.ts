"use server";

import { revalidatePath } from "next/cache";
import { currentUser } from "@/components/app/current-user";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { pingEndpoint } from "@/lib/webhooks/ping-endpoint";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint";
import type { Owner } from "@/lib/webhooks/owner";
import { rotateEndpointSecret } from "@/lib/webhooks/rotate-endpoint-secret";
import { createWebhookSchema } from "@/lib/webhooks/webhook-schema";

export type WebhookActionState = { secret?: string; name?: string; error?: string; message?: string };

async function owner(form: FormData): Promise<Owner> {
  const user = await currentUser();
  if (!user) throw new ApiError("authentication_required", "Sign in first.");
  return { userId: user.id, livemode: form.get("mode") === "live" };
}

async function run(work: () => Promise<WebhookActionState>): Promise<WebhookActionState> {
  try {
    const state = await work();
    revalidatePath("/developers/webhooks");
    return state;
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}

export async function createWebhookAction(_prev: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  return run(async () => {
    const parsed = createWebhookSchema.safeParse({
      url: String(form.get("url") ?? "").trim(),
      description: String(form.get("description") ?? "").trim() || undefined,
      events: form.getAll("events").map(String),
    });
    if (!parsed.success)
      return { error: parsed.error.issues.map((i) => `${i.path.join(".") || "form"}: ${i.message}`).join("; ") };
    const endpoint = await createEndpoint(await getDb(), await owner(form), parsed.data);
    return { secret: endpoint.secret, name: endpoint.url };
  });
}

export async function rotateWebhookSecretAction(
  _prev: WebhookActionState,
  form: FormData,
): Promise<WebhookActionState> {
  return run(async () => {
    const endpoint = await rotateEndpointSecret(await getDb(), String(form.get("endpoint_id")), await owner(form));
    return { secret: endpoint.secret, name: endpoint.url };
  });
}

export async function pingWebhookAction(_prev: WebhookActionState, form: FormData): Promise<WebhookActionState> {
  return run(async () => {
    await pingEndpoint(await getDb(), String(form.get("endpoint_id")), await owner(form));
    return { message: "Test event sent; its delivery appears below in a moment." };
  });
}

export async function deleteWebhookAction(form: FormData): Promise<void> {
  await deleteEndpoint(await getDb(), String(form.get("endpoint_id")), await owner(form));
  revalidatePath("/developers/webhooks");
}

export async function replayDeliveryAction(form: FormData): Promise<void> {
  await replayDelivery(
    await getDb(),
    String(form.get("endpoint_id")),
    String(form.get("delivery_id")),
    await owner(form),
  );
  revalidatePath("/developers/webhooks");
}
