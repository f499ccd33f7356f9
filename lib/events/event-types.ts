// The launch set of event types (public-api-v1.md, "Events") and the envelope every delivery carries.
import type { Event } from "../db";
import { timestamp } from "../http/response";

export const EVENT_TYPES = [
  "verification.completed",
  "verification.failed",
  "verification.manual_review_required",
  "verification.issuer_confirmed",
  "verification.issuer_disputed",
  "verification.updated",
  "batch.completed",
  "token.rotated",
  "webhook.ping",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The date form of the envelope's api_version; bump it only with a breaking payload change. */
export const API_VERSION = "2026-11-01";

export interface EventEnvelope {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: string;
  livemode: boolean;
  data: unknown;
}

export function eventEnvelope(event: Event): EventEnvelope {
  return {
    id: event.id,
    object: "event",
    type: event.type,
    api_version: event.apiVersion,
    created: timestamp(event.createdAt),
    livemode: event.livemode,
    data: event.data,
  };
}

/** An endpoint registered without `events` receives every type. */
export function isSubscribed(subscribed: readonly string[], type: string): boolean {
  return subscribed.length === 0 || subscribed.includes(type);
}
