// The Inngest functions, run by @inngest/test: sleeps are mocked (they resolve at once) and the
// plain functions they orchestrate are replaced, so what is checked is the orchestration: one
// step per attempt, the ladder's waits between them, and where the run stops.
import { InngestTestEngine } from "@inngest/test";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/db", () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock("@/lib/webhooks/attempt-delivery", () => ({ attemptDelivery: vi.fn() }));

const { attemptDelivery } = await import("@/lib/webhooks/attempt-delivery");
const { deliverWebhook } = await import("@/inngest/functions/deliver-webhook");
const { jobFunction, scheduledJobFunction } = await import("@/inngest/functions/run-job");
const { functions } = await import("@/inngest/functions");
const { defineJob } = await import("@/lib/jobs");
const { jobEventName } = await import("@/lib/jobs/engine");
const { z } = await import("zod");

const mockedAttempt = vi.mocked(attemptDelivery);

type Outcome = Awaited<ReturnType<typeof attemptDelivery>>;
const retry = (n: number): Outcome => ({ status: "retry", nextAttempt: n + 1, at: new Date(), delayMs: 0 });

function deliveryEvent(attempt = 1) {
  return [{ name: jobEventName("webhook.deliver"), data: { deliveryId: "whd_test", attempt } }] as [
    { name: string; data: Record<string, unknown> },
  ];
}

/** Fresh mocks for every wait of the ladder (a new array per run: the engine keeps state in them). */
function ladderSleeps() {
  return [2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ id: `wait-before-attempt-${n}`, handler: () => undefined }));
}

/** Distinct (id, duration) pairs step.sleep was called with, in order (the engine re-runs the function per step). */
function sleeps(spy: unknown): Array<[string, unknown]> {
  const calls = (spy as { mock: { calls: Array<[string, unknown]> } }).mock.calls;
  const seen = new Map<string, unknown>();
  for (const [id, duration] of calls) seen.set(id, duration);
  return [...seen.entries()];
}

beforeEach(() => {
  mockedAttempt.mockReset();
  delete process.env.WEBHOOK_TIME_SCALE;
});

describe("webhook-deliver", () => {
  it("stops after the first attempt when it succeeds, without sleeping", async () => {
    mockedAttempt.mockResolvedValue({ status: "succeeded" });
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: ladderSleeps() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ deliveryId: "whd_test", status: "succeeded", attempts: 1 });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(mockedAttempt).toHaveBeenCalledTimes(1);
    expect(mockedAttempt).toHaveBeenCalledWith({}, "whd_test", 1);
  });

  it("waits 30 s then 2 min between two failures and a success", async () => {
    const outcomes: Outcome[] = [retry(1), retry(2), { status: "succeeded" }];
    mockedAttempt.mockImplementation(async (_db, _id, n) => outcomes[n - 1]);
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: ladderSleeps() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ deliveryId: "whd_test", status: "succeeded", attempts: 3 });
    expect(sleeps(ctx.step.sleep)).toEqual([
      ["wait-before-attempt-2", 30_000],
      ["wait-before-attempt-3", 120_000],
    ]);
    expect(mockedAttempt.mock.calls.map((c) => c[2])).toEqual([1, 2, 3]);
  });

  it("walks the whole ladder and ends permanently_failed after nine attempts", async () => {
    const outcomes: Outcome[] = [1, 2, 3, 4, 5, 6, 7, 8].map(retry);
    outcomes.push({ status: "permanently_failed" });
    mockedAttempt.mockImplementation(async (_db, _id, n) => outcomes[n - 1]);
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: ladderSleeps() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ deliveryId: "whd_test", status: "permanently_failed", attempts: 9 });
    const waits = sleeps(ctx.step.sleep).map(([, ms]) => (ms as number) / 1000);
    expect(waits).toEqual([30, 120, 600, 1800, 7200, 21600, 43200, 86400]);
    expect(mockedAttempt).toHaveBeenCalledTimes(9);
  });

  it("starts at the attempt in the event (a sweeper re-queue) and applies the time scale", async () => {
    process.env.WEBHOOK_TIME_SCALE = "0.001";
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    const outcomes: Record<number, Outcome> = { 4: retry(4), 5: { status: "succeeded" } };
    mockedAttempt.mockImplementation(async (_db, _id, n) => outcomes[n]);
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(4), steps: ladderSleeps() });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ deliveryId: "whd_test", status: "succeeded", attempts: 5 });
    expect(sleeps(ctx.step.sleep)).toEqual([["wait-before-attempt-5", 1800]]);
    resetEnvCache();
  });

  it("records a skipped attempt (already made elsewhere) and stops", async () => {
    mockedAttempt.mockResolvedValue({ status: "skipped", reason: "already succeeded" });
    const t = new InngestTestEngine({ function: deliverWebhook, events: deliveryEvent(), steps: ladderSleeps() });
    const { result, ctx } = await t.execute();
    expect(result).toMatchObject({ status: "skipped", attempts: 1 });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
  });
});

describe("generic job functions", () => {
  it("runs a registered job's handler once, in a step, with its parsed payload", async () => {
    const handled: Array<[unknown, number]> = [];
    const job = defineJob({
      name: "test.echo",
      schema: z.object({ n: z.number() }),
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
    expect(ctx.step.run).toHaveBeenCalledWith("handle", expect.any(Function));
  });

  it("refuses a payload its schema rejects", async () => {
    const job = defineJob({ name: "test.strict", schema: z.object({ n: z.number() }), handle: async () => {} });
    const t = new InngestTestEngine({
      function: jobFunction(job),
      events: [{ name: jobEventName("test.strict"), data: { n: "seven" } }],
    });
    const { error } = await t.execute();
    expect(error).toBeTruthy();
  });

  it("runs a scheduled job from its cron trigger", async () => {
    const handle = vi.fn(async () => {});
    const job = defineJob({ name: "test.cron", schema: z.object({}), handle });
    const { error } = await new InngestTestEngine({ function: scheduledJobFunction(job, "*/5 * * * *") }).execute();
    expect(error).toBeUndefined();
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it("serves one function per registered job, the ladder for deliveries and a cron for the sweeper", () => {
    const ids = functions.map((f) => f.id());
    expect(ids).toContain("webhook-deliver");
    expect(ids).toContain("job-webhook-sweep");
    expect(ids).toContain("cron-webhook-sweep");
    expect(ids).toContain("job-batch-process-item");
    expect(ids).not.toContain("job-webhook-deliver");
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
