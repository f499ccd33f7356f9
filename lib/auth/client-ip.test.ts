import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { clientIp } from "./client-ip";

const req = (headers: Record<string, string>) => new Request("http://x/", { headers });

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
  resetEnvCache();
});

describe("clientIp", () => {
  it("takes the address our one proxy appended, not what the client claimed", () => {
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(req({ "x-forwarded-for": "203.0.113.9" }))).toBe("203.0.113.9");
  });

  it("counts back over several trusted proxies", () => {
    process.env.TRUSTED_PROXY_HOPS = "2";
    resetEnvCache();
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }))).toBe("203.0.113.9");
  });

  it("falls back to X-Real-IP, and knows nothing without a proxy", () => {
    expect(clientIp(req({ "x-real-ip": "198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientIp(req({}))).toBe("unknown");
    process.env.TRUSTED_PROXY_HOPS = "0";
    resetEnvCache();
    expect(clientIp(req({ "x-forwarded-for": "203.0.113.9" }))).toBe("unknown");
  });
});
