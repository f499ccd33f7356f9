// The /v1 error envelope of the specification, {error:{code, message, request_id, docs_url}}: the
// body of a /v1 error response and of an MCP tool error alike.
import { loadEnv } from "../env";
import { ApiError, errorDocsPath, type ErrorCode } from "./errors";

export function docsUrl(code: ErrorCode): string {
  return `${loadEnv().APP_URL.replace(/\/$/, "")}${errorDocsPath(code)}`;
}

/** Anything thrown, as the error a caller may see: an unexpected one is internal_error (log it). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError("internal_error", "Something went wrong on our side. Retry with exponential backoff.");
}

export function errorEnvelope(error: ApiError, requestId: string) {
  return {
    error: { code: error.code, message: error.message, request_id: requestId, docs_url: docsUrl(error.code) },
  };
}
