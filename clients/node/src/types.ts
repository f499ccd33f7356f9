// The API's shapes, named: aliases of the types generated from /v1/openapi.json (openapi.gen.ts).
import type { components, operations } from "./openapi.gen.js";

type Schemas = components["schemas"];
type Query<O extends keyof operations> = NonNullable<operations[O]["parameters"]["query"]>;

export type Verification = Schemas["Verification"];
export type VerificationList = Schemas["VerificationList"];
export type Verdict = Schemas["Verdict"];
export type DocType = Schemas["DocType"];
export type CreateVerificationRequest = Schemas["CreateVerificationRequest"];
export type Batch = Schemas["Batch"];
export type CreateBatchRequest = Schemas["CreateBatchRequest"];
export type Account = Schemas["Account"];
export type Usage = Schemas["Usage"];
export type WebhookEvent = Schemas["Event"];
export type EventList = Schemas["EventList"];
export type EventType = Schemas["EventType"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookEndpointWithSecret = Schemas["WebhookEndpointWithSecret"];
export type WebhookEndpointList = Schemas["WebhookEndpointList"];
export type CreateWebhookRequest = Schemas["CreateWebhookRequest"];
export type DeletedWebhookEndpoint = Schemas["DeletedWebhookEndpoint"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type WebhookDeliveryList = Schemas["WebhookDeliveryList"];
export type ErrorEnvelope = Schemas["Error"];

export type ListVerificationsParams = Query<"listVerifications">;
export type ListEventsParams = Query<"listEvents">;
export type ListWebhooksParams = Query<"listWebhooks">;
export type ListDeliveriesParams = Query<"listWebhookDeliveries">;
export type UsageParams = Query<"getUsage">;
