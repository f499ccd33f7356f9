// The /v1 error response: the envelope of lib/http/error-envelope.ts with the code's status from
// ERROR_CODES (the v1 column). The production server answers its own failures with it too.
import { asApiError, errorEnvelope } from "../http/error-envelope";
import { ApiError, errorStatus } from "../http/errors";
import { json } from "../http/response";
import { errorFields, log } from "../log";

export function errorResponse(error: unknown, requestId: string, req: Request): Response {
  const apiError = asApiError(error);
  if (!(error instanceof ApiError)) {
    log.error("unhandled error in /v1 route", { requestId, method: req.method, url: req.url, ...errorFields(error) });
  }
  return json(errorEnvelope(apiError, requestId), {
    status: errorStatus(apiError.code, "v1"),
    headers: apiError.options.headers,
  });
}
