// One API call: the request, and its retries. 429 (after Retry-After), 5xx and network errors are
// retried with exponential backoff and full jitter. A POST carries one UUID4 Idempotency-Key for
// all its attempts, so a retry after a dropped answer replays the stored response instead of
// verifying (and charging) twice.
import { ConnectionError, errorFromResponse, retryAfterSeconds } from "./errors.js";

export interface ClientOptions {
  /** `svc_test_sk_…` or `svc_live_sk_…`; defaults to the CREDENCE_API_KEY environment variable. */
  apiKey?: string;
  /** Defaults to CREDENCE_API_URL, else https://api.credence.dev. */
  baseUrl?: string;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** Per attempt, in milliseconds (default 60 000: live verifications are synchronous). */
  timeoutMs?: number;
  /** Longest Retry-After honoured, in seconds (default 60); a longer one throws at once. */
  maxRetryAfterSeconds?: number;
  /** A fetch implementation (default the global one). */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** Overrides the generated key of a POST. */
  idempotencyKey?: string;
  maxRetries?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What an answer said besides its body (non-enumerable `lastResponse` on every result). */
export interface ResponseMeta {
  status: number;
  headers: Headers;
  requestId: string | undefined;
  /** Idempotency-Status: replayed — the stored answer of an earlier attempt. */
  replayed: boolean;
  /** How many attempts the call took. */
  attempts: number;
}

export type WithResponse<T> = T & { readonly lastResponse: ResponseMeta };

export type Body = { json: unknown } | { form: () => FormData };

interface Call {
  method: "GET" | "POST" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: Body;
  /** Retry a POST after an error that may have followed its execution (the server dedupes it). */
  idempotent?: boolean;
  options?: RequestOptions;
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
export const VERSION = "1.0.0";

export class Transport {
  readonly apiKey: string;
  readonly baseUrl: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly maxRetryAfter: number;
  private readonly fetch: typeof fetch;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env.CREDENCE_API_KEY;
    if (!apiKey) throw new Error("Credence: pass apiKey or set CREDENCE_API_KEY (svc_test_sk_… or svc_live_sk_…)");
    this.apiKey = apiKey;
    this.baseUrl = (options.baseUrl ?? process.env.CREDENCE_API_URL ?? "https://api.credence.dev").replace(/\/+$/, "");
    this.maxRetries = options.maxRetries ?? 3;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetryAfter = options.maxRetryAfterSeconds ?? 60;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  async request<T>(call: Call): Promise<WithResponse<T>> {
    const url = new URL(this.baseUrl + call.path);
    for (const [name, value] of Object.entries(call.query ?? {}))
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: "application/json",
      "user-agent": `credence-node/${VERSION}`,
    };
    if (call.method === "POST") headers["idempotency-key"] = call.options?.idempotencyKey ?? crypto.randomUUID();
    const safeToRepeat = call.method !== "POST" || call.idempotent === true;
    const maxRetries = call.options?.maxRetries ?? this.maxRetries;

    for (let attempt = 0; ; attempt++) {
      const retriesLeft = attempt < maxRetries;
      let response: Response;
      let text: string;
      try {
        response = await this.fetch(url, {
          method: call.method,
          headers: { ...headers, ...(call.body && "json" in call.body ? { "content-type": "application/json" } : {}) },
          // A FormData is rebuilt per attempt; its boundary changes, which the server's key ignores.
          body: call.body ? ("json" in call.body ? JSON.stringify(call.body.json) : call.body.form()) : undefined,
          signal: this.signal(call.options),
        });
        // Inside the try: a connection cut in the middle of the answer is a network error too.
        text = await response.text();
      } catch (cause) {
        if (call.options?.signal?.aborted) throw cause;
        if (retriesLeft && safeToRepeat) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new ConnectionError(`Credence: no answer from ${call.method} ${url.pathname}: ${describe(cause)}`, {
          code: "connection_error",
          cause,
        });
      }
      const body = parse(text);
      if (response.ok) return withMeta(body as T, response, attempt + 1);

      const error = errorFromResponse(response.status, response.headers, body);
      const wait = this.retryDelay(response, attempt, safeToRepeat);
      if (!retriesLeft || wait === undefined) throw error;
      await sleep(wait);
    }
  }

  /** Milliseconds to wait before retrying this answer, or undefined when it must not be retried. */
  private retryDelay(response: Response, attempt: number, safeToRepeat: boolean): number | undefined {
    const status = response.status;
    // 429 and 503 are refusals before any work; other 5xx may follow work, so only repeatable calls.
    if (status !== 429 && status !== 503 && !(status >= 500 && safeToRepeat)) return undefined;
    const retryAfter = retryAfterSeconds(response.headers);
    if (retryAfter === undefined) return backoff(attempt);
    if (retryAfter > this.maxRetryAfter) return undefined;
    // Never earlier than asked; a little jitter spreads clients that were refused together.
    return retryAfter * 1000 + Math.random() * 250;
  }

  private signal(options: RequestOptions | undefined): AbortSignal {
    const timeout = AbortSignal.timeout(options?.timeoutMs ?? this.timeoutMs);
    return options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  }
}

/** Exponential backoff with full jitter: uniform in [0, min(cap, base·2^attempt)], at least 50 ms. */
export function backoff(attempt: number): number {
  return Math.max(50, Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
}

function withMeta<T>(body: T, response: Response, attempts: number): WithResponse<T> {
  const target = (body !== null && typeof body === "object" ? body : {}) as WithResponse<T>;
  const meta: ResponseMeta = {
    status: response.status,
    headers: response.headers,
    requestId: response.headers.get("x-request-id") ?? undefined,
    replayed: response.headers.get("idempotency-status") === "replayed",
    attempts,
  };
  Object.defineProperty(target, "lastResponse", { value: meta, enumerable: false });
  return target;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function describe(cause: unknown): string {
  const inner = (cause as { cause?: { code?: string; message?: string } })?.cause;
  return inner?.code ?? inner?.message ?? (cause instanceof Error ? cause.message : String(cause));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
