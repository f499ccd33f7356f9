import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it.each(["/dashboard", "/verifications/ver_1?tab=findings#f2", "/", "/share/abc%20def"])("accepts %s", (path) => {
    expect(safeCallbackPath(path)).toBe(path);
  });

  it.each([
    "https://evil.example/x",
    "http:/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "/javascript:alert(1)",
    "dashboard",
    "",
    "/" + "a".repeat(600),
  ])("rejects %s", (path) => {
    expect(safeCallbackPath(path)).toBeNull();
  });
});
