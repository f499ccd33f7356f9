import { describe, expect, it } from "vitest";
import { requestHash } from "./request-hash";

describe("requestHash", () => {
  const body = new TextEncoder().encode('{"a":1}');
  it("covers method, path and body bytes", () => {
    const base = requestHash("POST", "/v1/verifications", body);
    expect(requestHash("post", "/v1/verifications", body)).toBe(base);
    expect(requestHash("POST", "/v1/verifications/batch", body)).not.toBe(base);
    expect(requestHash("PUT", "/v1/verifications", body)).not.toBe(base);
    expect(requestHash("POST", "/v1/verifications", new TextEncoder().encode('{"a": 1}'))).not.toBe(base);
  });
});
