import { describe, expect, it } from "vitest";
import { normalizeOrcidId, orcidCheckCharacter } from "./orcid";

describe("ORCID iDs", () => {
  it("accepts iDs whose check character is right (ORCID's documented examples)", () => {
    expect(normalizeOrcidId("0000-0002-1825-0097")).toBe("0000-0002-1825-0097");
    expect(normalizeOrcidId("0000-0002-1694-233x")).toBe("0000-0002-1694-233X");
    expect(normalizeOrcidId("0000000218250097")).toBe("0000-0002-1825-0097");
  });

  it("computes X for a remainder of ten", () => {
    expect(orcidCheckCharacter("000000021694233")).toBe("X");
  });

  it("refuses a wrong check character, a transposition and malformed iDs", () => {
    expect(normalizeOrcidId("0000-0002-1825-0098")).toBeNull();
    expect(normalizeOrcidId("0000-0002-1852-0097")).toBeNull();
    expect(normalizeOrcidId("0000-0002-1825-009")).toBeNull();
    expect(normalizeOrcidId("0000-0002-1825-00977")).toBeNull();
    expect(normalizeOrcidId("abcd-0002-1825-0097")).toBeNull();
  });
});
