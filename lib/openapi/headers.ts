// Headers of the /v1 surface, described once for the OpenAPI document and the docs.
export const RESPONSE_HEADERS = {
  "X-Request-ID": {
    description: "Identifier of this request (req_…); also in every error body.",
    schema: { type: "string" },
  },
  "X-Service-Environment": {
    description: "test or live: the mode of the token.",
    schema: { type: "string", enum: ["test", "live"] },
  },
  "X-RateLimit-Limit": {
    description: "Sustained requests per minute of the token's plan.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": { description: "Requests left in the token bucket now.", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "Seconds until the bucket is full again.", schema: { type: "integer" } },
  "X-Credits-Remaining": { description: "Live mode: credits left in the current period.", schema: { type: "integer" } },
  "X-Credits-Warning": {
    description: "approaching-quota once more than 80 % of the included credits are used.",
    schema: { type: "string", enum: ["approaching-quota"] },
  },
  "Idempotency-Status": {
    description: "replayed when the response is a stored one for a repeated Idempotency-Key.",
    schema: { type: "string", enum: ["replayed"] },
  },
  "Retry-After": { description: "Seconds to wait before retrying (429, 503).", schema: { type: "integer" } },
} as const;

export type ResponseHeader = keyof typeof RESPONSE_HEADERS;

/** Every authenticated /v1 response. */
export const COMMON_HEADERS: ResponseHeader[] = [
  "X-Request-ID",
  "X-Service-Environment",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-Credits-Remaining",
  "X-Credits-Warning",
];
