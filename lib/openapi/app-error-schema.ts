// The application routes' error bodies (lib/api/app-error-response.ts writes them), and which codes
// an access rule implies, for the OpenAPI document of the application routes.
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../http/errors";
import { isSafeMethod } from "../http/request";
import type { Access } from "./contract";

export const appErrorSchema = z
  .object({
    detail: z.string().meta({ description: "What went wrong and how to fix it, for a person." }),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    request_id: z.string().meta({ description: "Same as the X-Request-ID header (req_…)." }),
  })
  .meta({ id: "AppError" });

export const validationErrorSchema = z
  .object({
    detail: z.array(
      z.object({
        loc: z
          .array(z.union([z.string(), z.int()]))
          .meta({ description: 'Where: "body", "query" or "path", then the field\'s path.' }),
        msg: z.string(),
        type: z.string(),
      }),
    ),
    request_id: z.string(),
  })
  .meta({ id: "ValidationError", description: "A request that failed validation (invalid_request)." });

/**
 * Codes an access rule lets a route answer before its handler runs. A change made on the session
 * cookie from another site is refused (lib/api/refuse-cross-site.ts): forbidden on every signed-in
 * route whose method is not a read.
 */
export function accessErrors(access: Access, method: string): ErrorCode[] {
  const crossSite: ErrorCode[] = isSafeMethod(method) ? [] : ["forbidden"];
  switch (access) {
    case "public":
      return [];
    case "optional":
      return crossSite;
    case "admin-secret":
      return ["forbidden"];
    case "user":
      return ["authentication_required", ...crossSite];
    case "admin":
    case "super_admin":
      return ["authentication_required", "forbidden"];
  }
}
