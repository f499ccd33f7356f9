import { describe, expect, it } from "vitest";
import { RESERVED_SLUGS, slugFromName, slugProblem } from "./slug";

describe("profile slugs", () => {
  it("accepts lower-case letters, digits and single inner hyphens, 3 to 40 characters", () => {
    for (const slug of ["ada", "ada-lovelace", "a1-b2-c3", "x".repeat(40)]) expect(slugProblem(slug)).toBeNull();
  });

  it("refuses other characters, hyphens at the ends or doubled, and wrong lengths", () => {
    for (const slug of ["Ada", "ada_l", "ada.l", "-ada", "ada-", "ada--l", "adä", "ab", "x".repeat(41), "a b"])
      expect(slugProblem(slug), slug).not.toBeNull();
  });

  it("refuses the application's own words", () => {
    for (const slug of ["admin", "api", "holder", "badge", "settings", "login", "dashboard", "verify", "well-known"]) {
      expect(RESERVED_SLUGS.has(slug)).toBe(true);
      expect(slugProblem(slug)).toMatch(/reserved/);
    }
  });

  it("derives a slug from a display name in any Latin script", () => {
    expect(slugFromName("Ada Lovelace")).toBe("ada-lovelace");
    expect(slugFromName("  Željka Ćosić-Łęcka ")).toBe("zeljka-cosic-lecka");
    expect(slugFromName("Jürgen Straße")).toBe("jurgen-strasse");
    expect(slugFromName("Søren Ødegård")).toBe("soren-odegard");
    expect(slugFromName("Dr. José García, PhD")).toBe("dr-jose-garcia-phd");
    expect(slugFromName("李小龍")).toBe("");
    expect(slugFromName("a".repeat(39) + " bcd")).toBe("a".repeat(39));
  });
});
