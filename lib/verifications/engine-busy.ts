// A full engine pool as the API's answer: 503 engine_busy with Retry-After (lib/http/errors.ts).
import { ApiError } from "../http/errors";
import type { EngineBusyError } from "../engine";

export function engineBusy(error: EngineBusyError): ApiError {
  return new ApiError("engine_busy", error.message, {
    headers: { "Retry-After": String(error.retryAfterSeconds) },
  });
}
