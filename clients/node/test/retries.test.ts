// The retry policy with a scripted fetch (no server): which answers are retried, how long the
// client waits, and that one call keeps one Idempotency-Key. The real server's side is in
// tests/integration/official-clients.int.test.ts.
import { describe, expect, it } from "vitest";
import { backoff, ConnectionError, Credence, RateLimitError, ServerError } from "../src/index";

type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | Error;

function scripted(answers: Answer[]) {
  const seen: Array<{ method: string; url: string; key: string | null; at: number }> = [];
  const fetch: typeof globalThis.fetch = (async (url: URL, init: RequestInit) => {
    seen.push({
      method: init.method ?? "GET",
      url: String(url),
      key: new Headers(init.headers).get("idempotency-key"),
      at: Date.now(),
    });
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body ?? { error: { code: "x", message: "x", request_id: "req_1" } }), {
      status: answer.status,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  }) as typeof globalThis.fetch;
  return {
    seen,
    client: (options = {}) => new Credence({ apiKey: "svc_test_sk_x", baseUrl: "http://h", fetch, ...options }),
  };
}

describe("retries", () => {
  it("backs off exponentially with full jitter under a cap", () => {
    for (const [attempt, ceiling] of [
      [0, 500],
      [1, 1000],
      [3, 4000],
      [10, 8000],
    ]) {
      const samples = Array.from({ length: 200 }, () => backoff(attempt));
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(50);
      expect(Math.max(...samples)).toBeLessThanOrEqual(ceiling);
      expect(new Set(samples).size).toBeGreaterThan(100);
    }
  });

  it("keeps one UUID4 key across a 503, a network error and a 500 of a verification", async () => {
    const { seen, client } = scripted([
      { status: 503, headers: { "retry-after": "0" } },
      new TypeError("fetch failed"),
      { status: 500 },
      { status: 200, body: { id: "ver_1" } },
    ]);
    const result = await client().verifications.create({ document_url: "https://x.example/a.pdf" });
    expect(result.id).toBe("ver_1");
    expect(result.lastResponse.attempts).toBe(4);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(seen[0].key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("waits Retry-After, and gives up at once on one longer than allowed", async () => {
    const { seen, client } = scripted([
      { status: 429, headers: { "retry-after": "1" } },
      { status: 200, body: {} },
    ]);
    await client().account.retrieve();
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(1000);

    const long = scripted([{ status: 429, headers: { "retry-after": "3600" } }]);
    const error = await long
      .client()
      .account.retrieve()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 3600, requestId: "req_1" });
    expect(long.seen).toHaveLength(1);
  });

  it("does not repeat a POST the server does not deduplicate after a 500 or a dropped connection", async () => {
    const failing = scripted([{ status: 500 }]);
    await expect(failing.client().webhookEndpoints.create({ url: "https://h.example" })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(failing.seen).toHaveLength(1);
    const dropped = scripted([new TypeError("fetch failed")]);
    await expect(dropped.client().webhookEndpoints.ping("we_1")).rejects.toBeInstanceOf(ConnectionError);
    expect(dropped.seen).toHaveLength(1);
  });

  it("stops after maxRetries", async () => {
    const { seen, client } = scripted(Array.from({ length: 5 }, () => ({ status: 502 })));
    await expect(client({ maxRetries: 2 }).verifications.retrieve("ver_1")).rejects.toBeInstanceOf(ServerError);
    expect(seen).toHaveLength(3);
  });
});
