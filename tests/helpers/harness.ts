// Each test gets its own users and tokens (random e-mails), so tests never collide.
import { randomBytes } from "node:crypto";
import { getDb, type Plan, type Role } from "../../lib/db";
import { createToken } from "../../lib/tokens/create-token";
import type { Scope } from "../../lib/tokens/scopes";
import { createUser } from "../../lib/users/create-user";
import { signAppJwt } from "../../lib/auth/jwt";
import type { Documented } from "../../lib/openapi/contract";
import { expectMatchesOpenApi } from "./openapi";

export function randomEmail(tag = "user"): string {
  return `${tag}-${randomBytes(5).toString("hex")}@example.test`;
}

export async function makeUser(options: { plan?: Plan; role?: Role; password?: string } = {}) {
  const db = await getDb();
  return createUser(db, {
    email: randomEmail(),
    plan: options.plan ?? "pro",
    role: options.role,
    password: options.password,
  });
}

export async function makeToken(
  options: { plan?: Plan; mode?: "test" | "live"; scopes?: Scope[]; userId?: string; expiresAt?: Date } = {},
) {
  const db = await getDb();
  const userId = options.userId ?? (await makeUser({ plan: options.plan })).id;
  const { token, secret } = await createToken(db, {
    userId,
    mode: options.mode ?? "test",
    scopes: options.scopes,
    expiresAt: options.expiresAt,
  });
  return { token, secret, userId, auth: { authorization: `Bearer ${secret}` } };
}

export async function makeSession(options: { plan?: Plan; role?: Role } = {}) {
  const user = await makeUser(options);
  const jwt = await signAppJwt(user);
  return { user, jwt, auth: { authorization: `Bearer ${jwt}` } };
}

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

/**
 * Calls a route handler the way Next.js does, with a real Request. An application route's answer
 * is checked against /openapi.json (every one the tests receive); /v1 tests use callV1.
 */
export async function call<P = Record<string, never>>(
  handler: Handler<P>,
  init: { method?: string; path: string; headers?: Record<string, string>; body?: BodyInit | object; params?: P },
) {
  const headers = new Headers(init.headers);
  let body: BodyInit | undefined;
  if (
    init.body !== undefined &&
    !(
      typeof init.body === "string" ||
      init.body instanceof FormData ||
      init.body instanceof Uint8Array ||
      init.body instanceof Blob
    )
  ) {
    body = JSON.stringify(init.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  } else {
    body = init.body as BodyInit | undefined;
  }
  const req = new Request(`http://localhost:3000${init.path}`, { method: init.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve((init.params ?? {}) as P) });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  const served = { status: res.status, headers: res.headers, text, json: json as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if ((handler as { route?: Documented }).route?.family === "app")
    await expectMatchesOpenApi(init.method ?? "GET", init.path, served);
  return served;
}

/** harness.call, then the response checked against the /v1 OpenAPI document. */
export async function callV1<P = Record<string, never>>(...args: Parameters<typeof call<P>>) {
  const res = await call<P>(...args);
  await expectMatchesOpenApi(args[1].method ?? "GET", args[1].path, res);
  return res;
}
