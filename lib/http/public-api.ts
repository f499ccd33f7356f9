// The wrapper of every /v1 route: request id → bearer token → plan → scope → handler, with the
// headers of DESIGN.md on every answer and errors in the spec's envelope.
import { loadEnv } from "../env";
import { getDb, type Db } from "../db";
import { newId } from "../ids";
import { errorFields, log } from "../log";
import { authenticateToken, type TokenAuth } from "../tokens/authenticate-token";
import type { Scope } from "../tokens/scopes";
import { modeOfSecret } from "../tokens/secret";
import { ApiError, ERROR_CODES, type ErrorCode } from "./errors";
import { json } from "./response";

export interface PublicContext<P> {
  req: Request;
  db: Db;
  auth: TokenAuth;
  requestId: string;
  params: P;
  /** Headers the handler wants on the response whatever it returns (credits, idempotency). */
  headers: Headers;
}

interface Options {
  /** The scope the token needs; undefined for endpoints every valid token may call. */
  scope?: Scope;
}

type RouteContext<P> = { params: Promise<P> };

export function withPublicApi<P = Record<string, never>>(
  options: Options,
  handler: (ctx: PublicContext<P>) => Promise<Response>,
) {
  return async (req: Request, route?: RouteContext<P>): Promise<Response> => {
    const requestId = newId("request");
    const headers = new Headers();
    let livemode = modeOfSecret(bearerGuess(req)) === "live";
    let response: Response;
    try {
      const db = await getDb();
      const auth = await authenticateToken(db, req.headers.get("authorization"));
      livemode = auth.livemode;
      if (auth.user.plan === "free") {
        throw new ApiError("plan_required", "API access needs the Pro or Business plan. Upgrade at /billing.");
      }
      if (options.scope && !auth.token.scopes.includes(options.scope)) {
        throw new ApiError("insufficient_scope", `This token lacks the "${options.scope}" scope. Create a token that has it.`);
      }
      const params = route ? await route.params : ({} as P);
      response = await handler({ req, db, auth, requestId, params, headers });
    } catch (error) {
      response = errorResponse(error, requestId, req);
    }
    headers.forEach((value, key) => response.headers.set(key, value));
    response.headers.set("X-Request-ID", requestId);
    response.headers.set("X-Service-Environment", livemode ? "live" : "test");
    return response;
  };
}

function bearerGuess(req: Request): string {
  return (req.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
}

export function docsUrl(code: ErrorCode): string {
  return `${loadEnv().APP_URL}/v1/docs/reference#error-${code}`;
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
    { status: ERROR_CODES[apiError.code].status, headers: apiError.options.headers },
  );
}
