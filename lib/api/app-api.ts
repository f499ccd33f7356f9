// The wrapper of every application route (outside /v1): request id → caller → access rule →
// handler. Validation failures answer 422 {detail:[{loc,msg,type}]}; other errors
// {detail, code, request_id}. Access rules are those of shared/spec/routes.tsv.
import { timingSafeEqual, createHash } from "node:crypto";
import { resolveAppUser } from "../auth/resolve-user";
import { getDb, type Db, type User } from "../db";
import { loadEnv } from "../env";
import { newId } from "../ids";
import { errorFields, log } from "../log";
import { ApiError, errorStatus } from "../http/errors";
import { json } from "../http/response";

export type Access = "public" | "optional" | "user" | "admin" | "super_admin" | "admin-secret";

type UserFor<A extends Access> = A extends "user" | "admin" | "super_admin" ? User : User | null;

export interface AppContext<A extends Access, P> {
  req: Request;
  db: Db;
  user: UserFor<A>;
  requestId: string;
  params: P;
  headers: Headers;
}

type RouteContext<P> = { params: Promise<P> };

export function withApp<A extends Access, P = Record<string, never>>(
  options: { access: A },
  handler: (ctx: AppContext<A, P>) => Promise<Response>,
) {
  return async (req: Request, route?: RouteContext<P>): Promise<Response> => {
    const requestId = newId("request");
    const headers = new Headers();
    let response: Response;
    try {
      const db = await getDb();
      const user = options.access === "public" ? null : await resolveAppUser(db, req);
      authorize(options.access, user, req);
      const params = route ? await route.params : ({} as P);
      response = await handler({ req, db, user: user as UserFor<A>, requestId, params, headers });
    } catch (error) {
      response = appErrorResponse(error, requestId, req);
    }
    headers.forEach((value, key) => response.headers.set(key, value));
    response.headers.set("X-Request-ID", requestId);
    return response;
  };
}

function authorize(access: Access, user: User | null, req: Request): void {
  switch (access) {
    case "public":
    case "optional":
      return;
    case "admin-secret":
      return checkAdminSecret(req.headers.get("x-admin-secret"));
    case "user":
    case "admin":
    case "super_admin":
      if (!user)
        throw new ApiError(
          "authentication_required",
          "Sign in first: send 'Authorization: Bearer <JWT>' or a session cookie.",
        );
      if (access === "admin" && user.role === "user")
        throw new ApiError("forbidden", "This action needs an administrator.");
      if (access === "super_admin" && user.role !== "super_admin") {
        throw new ApiError("forbidden", "This action needs a super administrator.");
      }
  }
}

function checkAdminSecret(given: string | null): void {
  const expected = loadEnv().ADMIN_SECRET;
  if (!expected) throw new ApiError("forbidden", "The admin secret is not configured on this server (ADMIN_SECRET).");
  // Hash both sides so the comparison is constant-time whatever the lengths.
  const a = createHash("sha256")
    .update(given ?? "")
    .digest();
  const b = createHash("sha256").update(expected).digest();
  if (!given || !timingSafeEqual(a, b))
    throw new ApiError("forbidden", "The X-Admin-Secret header is missing or wrong.");
}

export function appErrorResponse(error: unknown, requestId: string, req: Request): Response {
  if (error instanceof ApiError && error.code === "invalid_request") {
    const detail = error.options.issues ?? [{ loc: ["body"], msg: error.message, type: "value_error" }];
    return json(
      { detail, request_id: requestId },
      { status: errorStatus("invalid_request", "app"), headers: error.options.headers },
    );
  }
  const apiError =
    error instanceof ApiError ? error : new ApiError("internal_error", "Something went wrong on our side.");
  if (!(error instanceof ApiError)) {
    log.error("unhandled error in application route", {
      requestId,
      method: req.method,
      url: req.url,
      ...errorFields(error),
    });
  }
  return json(
    { detail: apiError.message, code: apiError.code, request_id: requestId },
    { status: errorStatus(apiError.code, "app"), headers: apiError.options.headers },
  );
}
