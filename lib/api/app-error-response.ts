// The application routes' error envelope: 422 {detail:[{loc,msg,type}], request_id} for
// validation, {detail, code, request_id} otherwise, the status from ERROR_CODES (app column).
import { ApiError, errorStatus } from "../http/errors";
import { redactUrl } from "../http/redact-url";
import { json } from "../http/response";
import { errorFields, log } from "../log";

export function appErrorResponse(error: unknown, requestId: string, req: Request): Response {
  const apiError =
    error instanceof ApiError ? error : new ApiError("internal_error", "Something went wrong on our side.");
  if (!(error instanceof ApiError)) {
    log.error("unhandled error in application route", {
      requestId,
      method: req.method,
      url: redactUrl(req.url),
      ...errorFields(error),
    });
  }
  const status = errorStatus(apiError.code, "app");
  const headers = apiError.options.headers;
  if (apiError.code === "invalid_request") {
    const detail = apiError.options.issues ?? [{ loc: ["body"], msg: apiError.message, type: "value_error" }];
    return json({ detail, request_id: requestId }, { status, headers });
  }
  return json({ detail: apiError.message, code: apiError.code, request_id: requestId }, { status, headers });
}
