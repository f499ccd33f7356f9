import { describe, expect, it } from "vitest";
import { generateSecret, hashesEqual, hashSecret, TOKEN_PATTERN } from "./secret";

describe("token secrets", () => {
  it("are random, of the documented shape, and stored only as their sha256", () => {
    const a = generateSecret("live");
    const b = generateSecret("live");
    expect(a).toMatch(TOKEN_PATTERN);
    expect(a).not.toBe(b);
    expect(hashSecret(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(a)).not.toContain(a.slice(12));
  });

  it("compare their hashes whole, whatever the lengths, without throwing", () => {
    const h = hashSecret(generateSecret("test"));
    expect(hashesEqual(h, h)).toBe(true);
    expect(hashesEqual(h, hashSecret(generateSecret("test")))).toBe(false);
    // A hash differing only in its last byte is still refused.
    expect(hashesEqual(h, h.slice(0, -2) + (h.endsWith("00") ? "01" : "00"))).toBe(false);
    // timingSafeEqual throws on different lengths; the check answers false instead.
    expect(hashesEqual(h, h.slice(0, 62))).toBe(false);
    expect(hashesEqual(h, "")).toBe(false);
  });
});
