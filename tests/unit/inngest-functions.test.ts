// The Inngest functions, run by @inngest/test: sleeps are mocked (they resolve at once) and the
// plain functions they orchestrate are replaced, so what is checked is the orchestration: one
// step per run of the job's handler, step.sleepUntil where the handler answers "run again at T"
// (the webhook ladder), and where the run stops.
import { InngestTestEngine } from "@inngest/test";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db")>()),
  getDb: vi.fn(async () => ({})),
}));
vi.mock("@/lib/webhooks/attempt-delivery", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/webhooks/attempt-delivery")>()),
  attemptDelivery: vi.fn(),
}));

const { attemptDelivery } = await import("@/lib/webhooks/attempt-delivery");
const { deliverWebhookJob } = await import("@/lib/webhooks/delivery-job");
const { jobFunction, scheduledJobFunction } = await import("@/inngest/functions/run-job");
const { functions } = await import("@/inngest/functions");
const { defineJob } = await import("@/lib/jobs");
const { jobEventName } = await import("@/lib/jobs/engine");
const { z } = await import("zod");

const mockedAttempt = vi.mocked(attemptDelivery);
const deliverWebhook = jobFunction(deliverWebhookJob);
const LEASE = { seconds: 10 };

type Outcome = Awaited<ReturnType<typeof attemptDelivery>>;
const T0 = Date.parse("2026-11-01T00:00:00Z");
/** Attempt n failed; the ladder says attempt n+1 runs `afterS` seconds later. */
const retry = (n: number, afterS = n * 10): Outcome => ({
  status: "retry",
  nextAttempt: n + 1,
  at: new Date(T0 + afterS * 1000),
  delayMs: afterS * 1000,
});

function deliveryEvent(attempt = 1) {
  return [{ name: jobEventName("webhook.deliver"), data: { deliveryId: "whd_test", attempt } }] as [
    { name: string; data: Record<string, unknown> },
  ];
}

/** Fresh mocks for every wait (a new array per run: the engine keeps state in them). */
function waits() {
  return [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ id: `wait-before-run-${n}`, handler: () => undefined }));
}

/** Distinct (id, time) pairs step.sleepUntil was called with, in order (the engine re-runs the function per step). */
function sleeps(spy: unknown): Array<[string, string]> {
  const calls = (spy as { mock: { calls: Array<[string, Date | string]> } }).mock.calls;
  const seen = new Map<string, string>();
  for (const [id, until] of calls) seen.set(id, new Date(until).toISOString());
  return [...seen.entries()];
}

beforeEach(() => {
  mockedAttempt.mockReset();
});

describe("webhook.deliver under Inngest (the same job definition as the embedded queue)", () => {
  it("stops after the first attempt when it succeeds, without sleeping", async () => {
    mockedAttempt.mockResolvedValue({ status: "succeeded" });
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: waits() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ runs: 1 });
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();
    expect(mockedAttempt).toHaveBeenCalledTimes(1);
    expect(mockedAttempt).toHaveBeenCalledWith({}, "whd_test", 1, {}, undefined);
  });

  it("sleeps until the time each failed attempt names, then makes the next attempt", async () => {
    const outcomes: Outcome[] = [retry(1, 30), retry(2, 150), { status: "succeeded" }];
    mockedAttempt.mockImplementation(async (_db, _id, n) => outcomes[n - 1]);
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: waits() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ runs: 3 });
    expect(sleeps(ctx.step.sleepUntil)).toEqual([
      ["wait-before-run-2", new Date(T0 + 30_000).toISOString()],
      ["wait-before-run-3", new Date(T0 + 150_000).toISOString()],
    ]);
    expect(mockedAttempt.mock.calls.map((c) => c[2])).toEqual([1, 2, 3]);
  });

  it("walks the whole ladder and stops when the last attempt fails for good", async () => {
    const outcomes: Outcome[] = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retry(n));
    outcomes.push({ status: "permanently_failed" });
    mockedAttempt.mockImplementation(async (_db, _id, n) => outcomes[n - 1]);
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: waits() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ runs: 9 });
    expect(sleeps(ctx.step.sleepUntil)).toHaveLength(8);
    expect(mockedAttempt.mock.calls.map((c) => c[2])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("starts at the attempt in the event (a sweeper re-queue)", async () => {
    const outcomes: Record<number, Outcome> = { 4: retry(4), 5: { status: "succeeded" } };
    mockedAttempt.mockImplementation(async (_db, _id, n) => outcomes[n]);
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(4), steps: waits() });
    const { result } = await t.execute();
    expect(result).toEqual({ runs: 2 });
    expect(mockedAttempt.mock.calls.map((c) => c[2])).toEqual([4, 5]);
  });

  it("runs at most the job's group limit of attempts per endpoint at once", () => {
    expect(deliverWebhook.opts.concurrency).toEqual([
      { key: "event.data.endpointId", limit: deliverWebhookJob.group!.limit },
    ]);
  });

  it("stops on a skipped attempt (already made elsewhere)", async () => {
    mockedAttempt.mockResolvedValue({ status: "skipped", reason: "already succeeded" });
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: waits() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ runs: 1 });
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();
  });
});

describe("generic job functions", () => {
  it("runs a registered job's handler once, in a step, with its parsed payload", async () => {
    const handled: Array<[unknown, number]> = [];
    const job = defineJob({
      name: "test.echo",
      schema: z.object({ n: z.number() }),
      lease: LEASE,
      handle: async (payload, ctx) => {
        handled.push([payload, ctx.attempt]);
      },
    });
    const t = new InngestTestEngine({
      function: jobFunction(job),
      events: [{ name: jobEventName("test.echo"), data: { n: 7 } }],
    });
    const { ctx } = await t.execute();
    expect(handled).toEqual([[{ n: 7 }, 1]]);
    expect(ctx.step.run).toHaveBeenCalledWith("run-1", expect.any(Function));
  });

  it("refuses a payload its schema rejects", async () => {
    const job = defineJob({
      name: "test.strict",
      schema: z.object({ n: z.number() }),
      lease: LEASE,
      handle: async () => {},
    });
    const t = new InngestTestEngine({
      function: jobFunction(job),
      events: [{ name: jobEventName("test.strict"), data: { n: "seven" } }],
    });
    const { error } = await t.execute();
    expect(error).toBeTruthy();
  });

  it("runs a scheduled job from its cron trigger", async () => {
    const handle = vi.fn(async () => {});
    const job = defineJob({ name: "test.cron", schema: z.object({}), lease: LEASE, handle });
    const { error } = await new InngestTestEngine({ function: scheduledJobFunction(job, "*/5 * * * *") }).execute();
    expect(error).toBeUndefined();
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it("serves one function per registered job, deliveries included, and a cron for the sweeper", () => {
    const ids = functions.map((f) => f.id());
    expect(ids).toContain("job-webhook-deliver");
    expect(ids).toContain("job-webhook-sweep");
    expect(ids).toContain("cron-webhook-sweep");
    expect(ids).toContain("job-batch-process-item");
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("/api/inngest", () => {
  it("answers 404 while the embedded engine is selected", async () => {
    const { GET } = await import("@/app/api/inngest/route");
    const res = await GET(new Request("http://localhost:3000/api/inngest"), {});
    expect(res.status).toBe(404);
  });

  it("serves every function to the Inngest server (introspection in dev mode)", async () => {
    process.env.INNGEST_DEV = "1";
    process.env.JOB_ENGINE = "inngest";
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    try {
      const { GET } = await import("@/app/api/inngest/route");
      const res = await GET(new Request("http://localhost:3000/api/inngest"), {});
      expect(res.status).toBe(200);
      const body = (await res.json()) as { function_count?: number };
      expect(body.function_count).toBe(functions.length);
    } finally {
      delete process.env.INNGEST_DEV;
      delete process.env.JOB_ENGINE;
      resetEnvCache();
    }
  });
});
