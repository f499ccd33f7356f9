// The idempotency step of the /v1 wrapper: with an Idempotency-Key, buffer the body (the
// fingerprint covers its meaning), hand the handler an identical request and the id its resource
// must have, and let lib/idempotency decide whether to run, wait, take over or replay.
import { readBodyLimited } from "../http/request";
import { idempotencyKey } from "../idempotency/idempotency-key";
import { requestFingerprint } from "../idempotency/request-fingerprint";
import { runIdempotent } from "../idempotency/run-idempotent";
import type { PublicContext } from "./public-context";

export async function idempotentCall(
  ctx: PublicContext,
  bodyLimit: number,
  handler: (ctx: PublicContext) => Promise<Response>,
): Promise<Response> {
  const key = idempotencyKey(ctx.req);
  if (key === null) return handler(ctx);
  const body = await readBodyLimited(ctx.req, bodyLimit);
  const req = new Request(ctx.req.url, {
    method: ctx.req.method,
    headers: ctx.req.headers,
    body: body.byteLength > 0 ? (body as BodyInit) : undefined,
  });
  const path = new URL(ctx.req.url).pathname;
  const scope = {
    userId: ctx.auth.user.id,
    livemode: ctx.auth.livemode,
    key,
    requestHash: await requestFingerprint(ctx.req.method, path, ctx.req.headers.get("content-type"), body),
  };
  return runIdempotent(ctx.db, scope, ({ reservedId }) => handler({ ...ctx, req, reservedId }));
}
