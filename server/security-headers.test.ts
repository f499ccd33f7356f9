import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("asks browsers for HTTPS only when the service is published over HTTPS", () => {
    const hsts = (url: string) => new Map(securityHeaders(url)).get("Strict-Transport-Security");
    expect(hsts("https://credence.example")).toBe("max-age=63072000; includeSubDomains");
    expect(hsts("http://localhost:3000")).toBeUndefined();
  });
});
