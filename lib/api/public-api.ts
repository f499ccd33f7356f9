// The wrapper of every /v1 route: request id → bearer token → plan → rate limit → credit period →
// scope → (idempotency) → input validated by the route's contract → handler → credit headers and
// usage, with the headers of DESIGN.md on every answer and errors in the spec's envelope. Each step
// is a named function in its own file. The contract is attached to the handler it returns, and
// /v1/openapi.json is generated from those.
import { setCreditHeaders } from "../credits/credit-headers";
import { resetCreditsIfDue } from "../credits/reset-credits-if-due";
import { getDb, type Db } from "../db";
import { newId } from "../ids";
import { errorFields, log } from "../log";
import type { BucketState } from "../ratelimit/consume-token";
import { applyBucketState, enforceRateLimit } from "../ratelimit/enforce-rate-limit";
import { findTokenAndTake } from "../ratelimit/find-token-and-take";
import { authenticateToken, type TokenAuth } from "../tokens/authenticate-token";
import { requireScope } from "../tokens/require-scope";
import { modeOfSecret } from "../tokens/secret";
import { recordUsage } from "../usage/record-usage";
import { ApiError } from "../http/errors";
import type { RouteContract } from "../openapi/contract";
import { documented } from "../openapi/route-table";
import { idempotentCall } from "./idempotent-call";
import { readContractInput, type ContractInput } from "./contract-input";
import type { PublicContext } from "./public-context";
import { routeTemplate } from "./route-template";
import { errorResponse } from "./v1-error-response";

type RouteContext = { params: Promise<Record<string, string>> };

export type PublicHandlerContext<C extends RouteContract> = PublicContext & ContractInput<C>;

export function withPublicApi<const C extends RouteContract>(
  options: C,
  handler: (ctx: PublicHandlerContext<C>) => Promise<Response>,
) {
  const wrapped = async (req: Request, route?: RouteContext): Promise<Response> => {
    const requestId = newId("request");
    const headers = new Headers();
    let livemode = modeOfSecret(bearerGuess(req)) === "live";
    let response: Response;
    let db: Db | undefined;
    let auth: TokenAuth | undefined;
    const usage = { credits: 0 };
    let params: Record<string, string> | undefined;
    try {
      db = await getDb();
      // One statement finds the token and takes from its bucket (the take is skipped for tokens
      // refused below); a take it could not make is made on its own.
      const take: { bucket: BucketState | null } = { bucket: null };
      auth = await authenticateToken(db, req.headers.get("authorization"), new Date(), async (client, hash, now) => {
        const found = await findTokenAndTake(client, hash, now);
        take.bucket = found.bucket;
        return found.found;
      });
      livemode = auth.livemode;
      if (auth.user.plan === "free") {
        throw new ApiError("plan_required", "API access needs the Pro or Business plan. Upgrade at /billing.");
      }
      if (take.bucket) applyBucketState(take.bucket, headers);
      else await enforceRateLimit(db, auth.token, auth.user, headers);
      await resetCreditsIfDue(db, auth.user);
      if (options.scope) requireScope(auth.token, options.scope);
      if (options.plan && auth.user.plan !== options.plan) {
        throw new ApiError("plan_required", `This endpoint needs the ${options.plan} plan. Upgrade at /billing.`);
      }
      const raw = (params = route ? await route.params : {});
      // Read after the idempotency step, which may have buffered the body into a fresh request.
      const run = async (ctx: PublicContext) =>
        handler({ ...ctx, ...(await readContractInput(options, ctx.req, raw)) });
      const ctx = { req, db, auth, requestId, headers, usage };
      response = options.idempotent ? await idempotentCall(ctx, options.idempotent.bodyLimit(), run) : await run(ctx);
    } catch (error) {
      response = errorResponse(error, requestId, req);
    }
    if (db && auth) await afterResponse(db, auth, req, params, response, usage.credits, headers);
    headers.forEach((value, key) => response.headers.set(key, value));
    response.headers.set("X-Request-ID", requestId);
    response.headers.set("X-Service-Environment", livemode ? "live" : "test");
    return response;
  };
  return documented(wrapped, { family: "v1", contract: options });
}

async function afterResponse(
  db: Db,
  auth: TokenAuth,
  req: Request,
  params: unknown,
  response: Response,
  credits: number,
  headers: Headers,
) {
  try {
    if (auth.livemode) await setCreditHeaders(db, auth.user.id, headers);
    const endpoint = `${req.method} ${routeTemplate(new URL(req.url).pathname, params)}`;
    recordUsage(db, {
      userId: auth.user.id,
      tokenId: auth.token.id,
      livemode: auth.livemode,
      endpoint,
      statusCode: response.status,
      credits,
    });
  } catch (error) {
    // The answer is already decided; bookkeeping failures are logged, not turned into errors.
    log.error("usage or credit headers failed", errorFields(error));
  }
}

function bearerGuess(req: Request): string {
  return (req.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
}
