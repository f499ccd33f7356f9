// Turns billing on for a test file: starts the Stripe stand-in, points the app's configuration at
// it, and restores the configuration (billing off) afterwards.
import { resetEnvCache } from "../../lib/env";
import { POST as webhook } from "../../app/billing/webhook/route";
import { call } from "./harness";
import { signedDelivery, startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
import type Stripe from "stripe";

export async function enableBilling(): Promise<StripeStandIn> {
  const standIn = await startStripeStandIn();
  Object.assign(process.env, standIn.env);
  resetEnvCache();
  return standIn;
}

export async function disableBilling(standIn: StripeStandIn | undefined): Promise<void> {
  if (standIn) for (const key of Object.keys(standIn.env)) delete process.env[key];
  resetEnvCache();
  await standIn?.close();
}

/** Delivers one event to POST /billing/webhook, signed as Stripe signs it. */
export async function deliver(event: Stripe.Event) {
  const { body, headers } = signedDelivery(event);
  return call(webhook, { method: "POST", path: "/billing/webhook", headers, body });
}
