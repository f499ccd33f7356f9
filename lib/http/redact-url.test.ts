import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";

describe("redactUrl", () => {
  it("hides the secret of an institution link and keeps the rest", () => {
    expect(redactUrl("http://x.test/issuer-approval/respond/abcDEF123?x=1")).toBe(
      "http://x.test/issuer-approval/respond/[redacted]?x=1",
    );
    expect(redactUrl("/issuer-approval/view/abc")).toBe("/issuer-approval/view/[redacted]");
    expect(redactUrl("/approve/abc")).toBe("/approve/[redacted]");
  });
  it("leaves other paths alone", () => {
    expect(redactUrl("/issuer-approval/status/ver_1")).toBe("/issuer-approval/status/ver_1");
  });
});
