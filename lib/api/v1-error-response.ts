// The /v1 error envelope of the specification: {error:{code, message, request_id, docs_url}}, the
// status and the docs anchor from ERROR_CODES (the v1 column). The production server answers its own failures with it too.
import { loadEnv } from "../env";
import { ApiError, errorDocsPath, errorStatus, type ErrorCode } from "../http/errors";
import { json } from "../http/response";
import { errorFields, log } from "../log";

export function docsUrl(code: ErrorCode): string {
  return `${loadEnv().APP_URL.replace(/\/$/, "")}${errorDocsPath(code)}`;
}

export function errorResponse(error: unknown, requestId: string, req: Request): Response {
  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError("internal_error", "Something went wrong on our side. Retry with exponential backoff.");
  if (!(error instanceof ApiError)) {
    log.error("unhandled error in /v1 route", { requestId, method: req.method, url: req.url, ...errorFields(error) });
  }
  return json(
    {
      error: {
        code: apiError.code,
        message: apiError.message,
        request_id: requestId,
        docs_url: docsUrl(apiError.code),
      },
    },
    { status: errorStatus(apiError.code, "v1"), headers: apiError.options.headers },
  );
}
