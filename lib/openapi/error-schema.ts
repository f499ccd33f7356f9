import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../http/errors";

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      message: z.string().meta({ description: "What went wrong and how to fix it, for a person." }),
      request_id: z.string().meta({ description: "Same as the X-Request-ID header (req_…)." }),
      docs_url: z.string().meta({ description: "Where this code is documented." }),
    }),
  })
  .meta({ id: "Error" });

/** Codes any authenticated route can answer. */
export const AUTH_ERRORS: ErrorCode[] = [
  "authentication_required",
  "invalid_api_key",
  "plan_required",
  "rate_limited",
  "internal_error",
];
