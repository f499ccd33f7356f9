// Sends one fuzzed request over HTTP and judges the answer: no 5xx, no hang, an error
// in the envelope of its family (/v1's { error: { code, message, request_id, docs_url } }, the
// application routes' { detail, code, request_id } or their validation list; on /mcp also the MCP
// transport's JSON-RPC errors), and the status and body documented for the operation in its
// OpenAPI document. Counts what it saw for the figure.
import { expect } from "vitest";
import { z } from "zod";
import { appErrorSchema, validationErrorSchema } from "../../../lib/openapi/app-error-schema";
import { errorEnvelopeSchema } from "../../../lib/openapi/error-schema";
import { expectMatchesOpenApi } from "../openapi";
import { NOT_ROUTED } from "./fuzz-server";
import type { Family } from "./operations";
import type { FuzzRequest } from "./request-arbitrary";

/**
 * A hang guard, not a speed target (bench:api measures speed): each answer takes milliseconds, but
 * the suite shares two cores with engine workers, so only an answer this late means a hang.
 */
export const DEADLINE_MS = 10_000;

/** The MCP transport's own refusals (documented on POST /mcp): JSON-RPC errors, as MCP clients expect. */
const jsonRpcError = z.object({
  jsonrpc: z.literal("2.0"),
  error: z.object({ code: z.int(), message: z.string() }),
});

export const figures = {
  requests: 0,
  serverErrors: 0,
  slowest: { ms: 0, request: "" },
  statuses: new Map<number, number>(),
};

export interface FuzzAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  ms: number;
}

export async function sendFuzzRequest(base: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const started = performance.now();
  const res = await fetch(`${base}${request.url}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  figures.requests++;
  figures.statuses.set(res.status, (figures.statuses.get(res.status) ?? 0) + 1);
  if (res.status >= 500) figures.serverErrors++;
  if (ms > figures.slowest.ms) figures.slowest = { ms, request: `${request.method} ${request.url.slice(0, 120)}` };
  return { status: res.status, headers: res.headers, text, json, ms };
}

/** What a failure message shows of the request (bodies cut short). */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ""
      : typeof request.body === "string"
        ? request.body.slice(0, 300)
        : `<${request.body.length} bytes>`;
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, v.slice(0, 80)]));
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(headers)} ${body}`;
}

export async function expectWellFormedAnswer(family: Family, request: FuzzRequest, answer: FuzzAnswer) {
  const label = `${describeRequest(request)}\n→ ${answer.status} in ${Math.round(answer.ms)} ms: ${answer.text.slice(0, 400)}`;
  expect(answer.text, `no route matched (the fuzzer built a path no operation has)\n${label}`).not.toBe(NOT_ROUTED);
  expect(answer.status, `server error\n${label}`).toBeLessThan(500);
  expect(answer.ms, `slower than ${DEADLINE_MS} ms\n${label}`).toBeLessThan(DEADLINE_MS);
  if (answer.status >= 400) {
    const envelope =
      family === "v1"
        ? errorEnvelopeSchema.safeParse(answer.json).success ||
          (request.operation === "POST /mcp" && jsonRpcError.safeParse(answer.json).success)
        : appErrorSchema.safeParse(answer.json).success || validationErrorSchema.safeParse(answer.json).success;
    expect(envelope, `not in the ${family} error envelope\n${label}`).toBe(true);
  }
  try {
    await expectMatchesOpenApi(request.method, request.url, answer);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${label}`);
  }
}
