import { describe, expect, it } from "vitest";
import { approachingQuota, quotaOf } from "./quota";

describe("quotaOf / approachingQuota", () => {
  const pro = { plan: "pro" as const, monthlyQuota: null, bonusVerifications: 0 };

  it("derives used from the included credits and the balance", () => {
    expect(quotaOf({ ...pro, creditBalance: 380 })).toEqual({ included: 500, used: 120, remaining: 380 });
    expect(quotaOf({ ...pro, monthlyQuota: 50, bonusVerifications: 10, creditBalance: 60 })).toEqual({
      included: 60,
      used: 0,
      remaining: 60,
    });
  });

  it("warns only past 80 % used", () => {
    expect(approachingQuota(quotaOf({ ...pro, creditBalance: 100 }))).toBe(false); // exactly 80 %
    expect(approachingQuota(quotaOf({ ...pro, creditBalance: 99 }))).toBe(true);
    expect(approachingQuota(quotaOf({ ...pro, creditBalance: -3 }))).toBe(true);
    expect(
      approachingQuota(quotaOf({ plan: "free", monthlyQuota: null, bonusVerifications: 0, creditBalance: 0 })),
    ).toBe(false);
  });
});
