import { describe, expect, it } from "vitest";
import type { ApiToken } from "../db";
import { tokenStatus } from "./list-tokens";

const base = { revokedAt: null, rotatedAt: null, expiresAt: null } as unknown as ApiToken;
const now = new Date("2026-11-21T00:00:00Z");

describe("tokenStatus", () => {
  it("tells active, expired, revoked and rotated tokens apart", () => {
    expect(tokenStatus(base, now)).toBe("active");
    expect(tokenStatus({ ...base, expiresAt: new Date("2026-11-20T00:00:00Z") }, now)).toBe("expired");
    expect(tokenStatus({ ...base, expiresAt: new Date("2026-11-22T00:00:00Z") }, now)).toBe("active");
    expect(tokenStatus({ ...base, revokedAt: now }, now)).toBe("revoked");
    expect(tokenStatus({ ...base, revokedAt: now, rotatedAt: now }, now)).toBe("rotated");
  });
});
