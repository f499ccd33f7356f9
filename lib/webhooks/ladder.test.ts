import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { LADDER_SECONDS, ladderDelayMs, MAX_ATTEMPTS } from "./ladder";

afterEach(() => {
  delete process.env.WEBHOOK_TIME_SCALE;
  resetEnvCache();
});

describe("retry ladder", () => {
  it("is exactly 0s, 30s, 2m, 10m, 30m, 2h, 6h, 12h, 24h: nine attempts over about 45 hours", () => {
    expect(MAX_ATTEMPTS).toBe(9);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ladderDelayMs(n, 1) / 1000)).toEqual([
      0, 30, 120, 600, 1800, 7200, 21600, 43200, 86400,
    ]);
    const hours = LADDER_SECONDS.reduce<number>((a, b) => a + b, 0) / 3600;
    expect(hours).toBeGreaterThan(44);
    expect(hours).toBeLessThan(46);
  });

  it("scales with WEBHOOK_TIME_SCALE", () => {
    process.env.WEBHOOK_TIME_SCALE = "0.001";
    resetEnvCache();
    expect(ladderDelayMs(2)).toBe(30);
    expect(ladderDelayMs(9)).toBe(86_400);
  });

  it("has no attempt 0 or 10", () => {
    expect(() => ladderDelayMs(0, 1)).toThrow(RangeError);
    expect(() => ladderDelayMs(10, 1)).toThrow(RangeError);
  });
});
