// One error class and one table of codes for both API families. The HTTP status lives beside each
// code here and nowhere else: `status` is the /v1 answer, `appStatus` the application routes' answer
// where the specification makes it differ (validation is 422 there). Both envelopes, the OpenAPI
// error schemas and the docs read this table.
import { z } from "zod";

export const ERROR_CODES = {
  authentication_required: { status: 401, description: "The Authorization header is missing or malformed." },
  invalid_api_key: { status: 401, description: "The token is unknown, revoked or expired." },
  insufficient_scope: { status: 403, description: "The token is valid but lacks the scope this endpoint needs." },
  plan_required: { status: 403, description: "The endpoint is restricted to a plan the account does not have." },
  forbidden: { status: 403, description: "The signed-in user may not perform this action." },
  not_found: { status: 404, description: "The resource does not exist or is not the caller's." },
  method_not_allowed: { status: 405, description: "The HTTP method is not supported on this path." },
  conflict: { status: 409, description: "The request conflicts with the current state of the resource." },
  idempotency_conflict: { status: 409, description: "The Idempotency-Key was reused with a different request." },
  invalid_request: {
    status: 400,
    appStatus: 422,
    description: "The request failed validation; the message explains what to fix.",
  },
  invalid_signature: {
    status: 400,
    description:
      "A signed request (the payment processor's webhook) whose signature does not match its bytes, or is too old.",
  },
  payload_too_large: { status: 413, description: "The request body or document exceeds the size limit." },
  unsupported_media_type: { status: 415, description: "The Content-Type of the request is not accepted here." },
  unprocessable_document: {
    status: 422,
    description: "The document could not be analysed (format, corruption, encryption, limits).",
  },
  rate_limited: {
    status: 429,
    description: "The token bucket is exhausted or the credit quota is depleted; see Retry-After.",
  },
  internal_error: { status: 500, description: "A server problem; retry with exponential backoff." },
  service_unavailable: { status: 503, description: "A dependency (such as the database) is unavailable; retry later." },
  billing_not_configured: {
    status: 503,
    description:
      "Billing is not set up on this server (no Stripe keys, or not the price this route sells); the message names the settings. Plans are then changed by an administrator.",
  },
  payment_processor_unavailable: {
    status: 503,
    description: "The payment processor did not answer or refused the request; nothing was charged. Retry later.",
  },
  engine_busy: {
    status: 503,
    description:
      "Every forensic engine worker is busy and its queue is full; nothing was charged. Retry after Retry-After.",
  },
} as const satisfies Record<string, { status: number; appStatus?: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The two API families: the public /v1 API (and MCP) and the application routes. */
export type ApiFamily = "v1" | "app";

export function errorStatus(code: ErrorCode, family: ApiFamily): number {
  const entry: { status: number; appStatus?: number } = ERROR_CODES[code];
  return family === "app" ? (entry.appStatus ?? entry.status) : entry.status;
}

/** Where a code is documented, relative to the site: the anchor of its row in the /v1 reference. */
export function errorDocsPath(code: ErrorCode): string {
  return `/v1/docs/reference#${errorAnchor(code)}`;
}

export function errorAnchor(code: ErrorCode): string {
  return `error-${code}`;
}

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { headers?: Record<string, string>; issues?: ValidationIssue[] } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function issuesFromZod(error: z.ZodError, root: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [root, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

/** A zod failure as a sentence a person can act on: "file: Required; limit: Too big". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join(".") : "body";
      if (issue.code === "unrecognized_keys")
        return `${where}: unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
      return `${where}: ${issue.message}`;
    })
    .join("; ");
}

export function validationError(error: z.ZodError, root: "body" | "query" | "path"): ApiError {
  return new ApiError("invalid_request", describeZodError(error), { issues: issuesFromZod(error, root) });
}
