import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testModeVerdict } from "./test-mode";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const verdictOf = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return testModeVerdict(bytes, sha(bytes));
};

describe("testModeVerdict", () => {
  it("maps the last byte of sha256 mod 4 to VERIFIED, SUSPECT, REJECTED, VERIFIED SAMPLE", () => {
    for (let i = 0; i < 64; i++) {
      const bytes = new TextEncoder().encode(`doc ${i}`);
      const digest = sha(bytes);
      const expected = ["VERIFIED", "SUSPECT", "REJECTED", "VERIFIED SAMPLE"][
        Number.parseInt(digest.slice(-2), 16) % 4
      ];
      expect(testModeVerdict(bytes, digest).verdict).toBe(expected);
    }
  });

  it("obeys a credence-test: prefix, with an optional document type", () => {
    expect(verdictOf("credence-test:NOT_CREDENTIAL")).toMatchObject({
      verdict: "NOT_CREDENTIAL",
      docType: "other",
      triggered: true,
    });
    expect(verdictOf("credence-test:MANUAL_REVIEW:passport\nrest")).toMatchObject({
      verdict: "MANUAL_REVIEW",
      docType: "passport",
    });
    expect(verdictOf("credence-test:VERIFIED SAMPLE")).toMatchObject({ verdict: "VERIFIED SAMPLE" });
    // The types added beyond the specification's list (utility bills, employment letters).
    expect(verdictOf("credence-test:VERIFIED:utility_bill")).toMatchObject({ docType: "utility_bill" });
    expect(verdictOf("credence-test:SUSPECT:employment_letter")).toMatchObject({ docType: "employment_letter" });
    expect(verdictOf("credence-test:SUSPECT:invoice")).toMatchObject({ docType: "other" });
  });

  it("ignores an unknown trigger and falls back to the hash", () => {
    expect(verdictOf("credence-test:ACCEPT").triggered).toBe(false);
  });

  it("is deterministic with fixed confidences", () => {
    expect(verdictOf("same")).toEqual(verdictOf("same"));
    expect(verdictOf("credence-test:VERIFIED").confidence).toBe(0.97);
  });
});
