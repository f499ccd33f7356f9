// What a mail transport's refusal means: a 4xx answer or a connection that failed is worth trying
// again later; a 5xx answer (no such mailbox, refused) is final.
const TRANSIENT_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPIPE"]);

interface TransportError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

export function isTransientMailError(error: unknown): boolean {
  const e = (error ?? {}) as TransportError;
  if (typeof e.responseCode === "number") return e.responseCode >= 400 && e.responseCode < 500;
  return e.code === undefined || TRANSIENT_CODES.has(e.code);
}

/** The transport's answer in one line, for email_error. */
export function describeMailError(error: unknown): string {
  const e = (error ?? {}) as TransportError;
  const text = (e.response ?? e.message ?? String(error)).replace(/\s+/g, " ").trim();
  const code = e.responseCode ? `${e.responseCode} ` : e.code ? `${e.code}: ` : "";
  return `${code}${text}`.slice(0, 500);
}

/** Seconds before attempt `next` (2, 3, …): 30 s, 2 min, 8 min, 32 min. */
export function mailRetryDelaySeconds(next: number): number {
  return 30 * 4 ** (next - 2);
}

export const MAX_MAIL_ATTEMPTS = 5;
