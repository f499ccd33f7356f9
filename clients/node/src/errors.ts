// Typed errors: every non-2xx answer of the API carries { error: { code, message, request_id,
// docs_url } } (docs/api/reference.md "Errors"); the class follows the HTTP status so callers can
// catch a family, and `code` stays the precise reason (unknown codes keep their status's class).

export interface ErrorBody {
  code: string;
  message: string;
  request_id?: string;
  docs_url?: string;
}

export class CredenceError extends Error {
  /** The API's error code (`invalid_request`, `not_found`, …), or `connection_error`. */
  readonly code: string;
  /** HTTP status; undefined when no answer arrived. */
  readonly status: number | undefined;
  /** `req_…`: quote it to support. */
  readonly requestId: string | undefined;
  readonly docsUrl: string | undefined;
  readonly headers: Headers | undefined;

  constructor(
    message: string,
    init: { code: string; status?: number; requestId?: string; docsUrl?: string; headers?: Headers; cause?: unknown },
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.docsUrl = init.docsUrl;
    this.headers = init.headers;
  }
}

/** 400, 413, 415: the request must change. */
export class InvalidRequestError extends CredenceError {}
/** 401: missing, unknown, revoked or expired token. */
export class AuthenticationError extends CredenceError {}
/** 403: the token lacks a scope, or the plan lacks the feature. */
export class PermissionError extends CredenceError {}
/** 404: unknown, or another account's (existence is never revealed). */
export class NotFoundError extends CredenceError {}
/** 409: the Idempotency-Key was used with a different request. */
export class ConflictError extends CredenceError {}

/** 429: rate limit or quota; thrown once the retries are spent or the wait is too long. */
export class RateLimitError extends CredenceError {
  /** Seconds the server asked to wait (Retry-After). */
  readonly retryAfter: number | undefined;
  constructor(message: string, init: ConstructorParameters<typeof CredenceError>[1] & { retryAfter?: number }) {
    super(message, init);
    this.retryAfter = init.retryAfter;
  }
}

/** 5xx (engine_busy, internal_error, …) after the retries. */
export class ServerError extends CredenceError {}
/** No answer: refused or dropped connection, DNS failure, timeout. */
export class ConnectionError extends CredenceError {}

/** A webhook's X-Service-Signature does not check out (or the body is not an event). */
export class SignatureVerificationError extends Error {
  readonly reason: "malformed_header" | "timestamp_out_of_tolerance" | "signature_mismatch" | "invalid_payload";
  constructor(reason: SignatureVerificationError["reason"], message: string) {
    super(message);
    this.name = "SignatureVerificationError";
    this.reason = reason;
  }
}

export function errorFromResponse(status: number, headers: Headers, body: unknown): CredenceError {
  const parsed = (body as { error?: Partial<ErrorBody> } | null)?.error;
  const code = typeof parsed?.code === "string" ? parsed.code : `http_${status}`;
  const message = typeof parsed?.message === "string" ? parsed.message : `HTTP ${status} without an error body`;
  const init = {
    code,
    status,
    requestId: parsed?.request_id ?? headers.get("x-request-id") ?? undefined,
    docsUrl: parsed?.docs_url,
    headers,
  };
  if (status === 429) return new RateLimitError(message, { ...init, retryAfter: retryAfterSeconds(headers) });
  if (status === 401) return new AuthenticationError(message, init);
  if (status === 403) return new PermissionError(message, init);
  if (status === 404) return new NotFoundError(message, init);
  if (status === 409) return new ConflictError(message, init);
  if (status >= 500) return new ServerError(message, init);
  return new InvalidRequestError(message, init);
}

/** Retry-After in seconds (the API sends delta-seconds; an HTTP date is accepted too). */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
