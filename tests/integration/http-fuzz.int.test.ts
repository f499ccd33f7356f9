// Property-based fuzzing of the whole HTTP surface (issue 19, item 2). The operations are read from
// the two OpenAPI documents as the server serves them (/v1/openapi.json and /openapi.json, which
// are generated from the routes' zod contracts); fast-check draws requests for them (valid,
// damaged and malformed bodies, wrong content types, hostile path parameters, duplicated and
// unknown query keys, broken credentials, odd headers) and sends them over real HTTP to the
// production front on the real database. Every answer must be under 500, within 2 s, in its
// family's error envelope when it is an error, and documented. Seeded (FUZZ_SEED) and bounded
// (FUZZ_RUNS): the same requests every run, a figure at the end.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";
import { apiVerification, batch, storedEvent, webhookEndpoint } from "../helpers/access-matrix/fixtures";
import { disableBilling, enableBilling } from "../helpers/billing-env";
import { expectWellFormedAnswer, figures, sendFuzzRequest, DEADLINE_MS } from "../helpers/fuzz/check-answer";
import { startFuzzServer, type FuzzServer } from "../helpers/fuzz/fuzz-server";
import { operationsOf, type Operation } from "../helpers/fuzz/operations";
import { requestArbitrary, type FuzzContext, type FuzzRequest } from "../helpers/fuzz/request-arbitrary";
import { makeSession, makeToken } from "../helpers/harness";

const SEED = Number(process.env.FUZZ_SEED ?? 19_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** Operations that erase their caller when they succeed: the caller is made again afterwards. */
const ERASES_CALLER = new Set(["POST /gdpr/delete-account"]);

const ENV = {
  // Refusals by the rate limits are answers too, but they would hide the handlers behind them.
  RATE_LIMIT_SCALE: "1000",
  SIGN_IN_PER_MINUTE: "10000",
};

let server: FuzzServer;
let stripe: Awaited<ReturnType<typeof enableBilling>>;
let operations: Operation[];
const context: FuzzContext = { auth: { v1: {}, user: {}, admin: {} }, knownIds: [] };

async function makeCallers(): Promise<void> {
  const [token, user, admin] = await Promise.all([
    makeToken({ plan: "business" }),
    makeSession({ plan: "pro" }),
    makeSession({ plan: "business", role: "super_admin" }),
  ]);
  context.auth = { v1: token.auth, user: user.auth, admin: admin.auth };
  // The fixture's endpoint is on 127.0.0.1 (never contacted); fuzzed URLs stay refused.
  process.env.FETCH_ALLOW_PRIVATE = "true";
  resetEnvCache();
  const [verification, endpoint, event, batched, adminVerification] = await Promise.all([
    apiVerification(token.userId),
    webhookEndpoint(token.userId),
    storedEvent(token.userId),
    batch(token.userId),
    apiVerification(admin.user.id),
  ]);
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
  context.knownIds = [verification.id, endpoint.id, event.id, batched.id, adminVerification.id];
}

beforeAll(async () => {
  Object.assign(process.env, ENV);
  resetEnvCache();
  stripe = await enableBilling();
  server = await startFuzzServer();
  const [v1, app] = await Promise.all(
    ["/v1/openapi.json", "/openapi.json"].map(async (path) => (await fetch(`${server.base}${path}`)).json()),
  );
  operations = [...operationsOf(v1, "v1"), ...operationsOf(app, "app")];
  await makeCallers();
});

afterAll(async () => {
  await server?.close();
  await disableBilling(stripe);
  await stopJobWorkers(); // batches and pings enqueue jobs
  for (const key of Object.keys(ENV)) delete process.env[key];
  resetEnvCache();
  const statuses = [...figures.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `http fuzz: ${figures.requests} requests tried over ${operations?.length ?? 0} operations, ${figures.serverErrors} 5xx seen, ` +
      `slowest ${Math.round(figures.slowest.ms)} ms (${figures.slowest.request}); statuses ${statuses.join(" ")}`,
  );
});

async function tryRequest(operation: Operation, request: FuzzRequest): Promise<void> {
  const answer = await sendFuzzRequest(server.base, request);
  if (ERASES_CALLER.has(operation.key) && answer.status < 300) await makeCallers();
  await expectWellFormedAnswer(operation.family, request, answer);
}

describe("the HTTP surface under hostile input", () => {
  it("reads every operation of both OpenAPI documents", () => {
    expect(operations.filter((o) => o.family === "v1").length).toBeGreaterThan(10);
    expect(operations.filter((o) => o.family === "app").length).toBeGreaterThan(80);
  });

  it("answers the classics on every operation: malformed JSON, a wrong content type, an array body, a hostile id, duplicated query keys", async () => {
    for (const operation of operations) {
      const auth = operation.family === "v1" ? context.auth.v1 : context.auth.admin;
      const path = operation.template.replace(/\{[^}]+\}/g, () => encodeURIComponent("ünï\u0000😀" + "x".repeat(300)));
      const query = operation.parameters
        .filter((p) => p.in === "query")
        .map((p) => `${p.name}=-1&${p.name}=%00&${p.name}=${"9".repeat(40)}`)
        .join("&");
      const requests: FuzzRequest[] = [
        { operation: operation.key, method: operation.method, url: query ? `${path}?${query}` : path, headers: auth },
      ];
      if (operation.method !== "GET") {
        const post = (body: string, contentType: string): FuzzRequest => ({
          operation: operation.key,
          method: operation.method,
          url: operation.template.replace(/\{[^}]+\}/g, () => context.knownIds[0]),
          headers: { ...auth, "content-type": contentType },
          body,
        });
        requests.push(
          post('{"a":', "application/json"),
          post("[]", "application/json"),
          post("null", "application/json"),
          post('{"x":1}', "text/plain"),
          post("a=1&a=2", "application/x-www-form-urlencoded"),
          post("--x\r\n", "multipart/form-data; boundary=x"),
        );
      }
      for (const request of requests) await tryRequest(operation, request);
    }
  }, 300_000); // a hang guard: about 900 requests, 20 s on a quiet machine

  it(
    `answers ${RUNS} random requests (seed ${SEED}) without a 5xx, each within ${DEADLINE_MS} ms and documented`,
    async () => {
      const byKey = new Map(operations.map((operation) => [operation.key, operation]));
      const requests = fc.constantFrom(...operations).chain((operation) => requestArbitrary(operation, context));
      await fc.assert(
        fc.asyncProperty(requests, async (request) => tryRequest(byKey.get(request.operation)!, request)),
        { seed: SEED, numRuns: RUNS, endOnFailure: process.env.FUZZ_SHRINK !== "true" },
      );
      expect(figures.serverErrors).toBe(0);
    },
    60_000 + RUNS * 300,
  ); // a hang guard: each request is bounded by DEADLINE_MS already
});
