// Calls a route handler with a real Request, like tests/helpers/harness.ts `call()`, keeping the
// raw bytes too (PDF and image answers are searched for leaks).
import type { Documented } from "../../../lib/openapi/contract";
import { expectMatchesOpenApi } from "../openapi";
import type { Fixture } from "./types";
import type { RouteHandler } from "./served-routes";

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Requests sent, for the run's figure. */
export let requestsSent = 0;

export async function send(
  handler: RouteHandler,
  method: string,
  fixture: Fixture,
  headers: Record<string, string> = {},
): Promise<Answer> {
  requestsSent++;
  const all = new Headers({ ...fixture.headers, ...headers });
  let body: BodyInit | undefined;
  if (fixture.body === undefined || typeof fixture.body === "string" || fixture.body instanceof FormData) {
    body = fixture.body;
  } else {
    body = JSON.stringify(fixture.body);
    if (!all.has("content-type")) all.set("content-type", "application/json");
  }
  const req = new Request(`http://localhost:3000${fixture.path}`, { method, headers: all, body });
  const res = await handler(req, { params: Promise.resolve(fixture.params ?? {}) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString("utf8");
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const answer = { status: res.status, headers: res.headers, bytes, text, json };
  // Every answer of an application route matches its OpenAPI document, refusals included.
  if ((handler as { route?: Documented }).route?.family === "app")
    await expectMatchesOpenApi(method, fixture.path, answer);
  return answer;
}

/** "GET /x as other user → 404" for assertion messages. */
export const describeCall = (method: string, fixture: Fixture, who: string, answer: Answer) =>
  `${method} ${fixture.path} as ${who} answered ${answer.status}: ${answer.text.slice(0, 300)}`;
