import { describe, expect, it } from "vitest";
import type { Finding } from "../types";
import type { Classification } from "./classify";
import type { Fused } from "./fuse";
import { summarise } from "./summary";

const cls = (over: Partial<Classification> = {}): Classification =>
  ({
    docType: "payslip",
    isCredential: true,
    kind: "document",
    confidence: 0.9,
    vote: { docType: "payslip", score: 9, scores: {} },
    pages: [],
    unreadText: false,
    ...over,
  }) as Classification;
const finding: Finding = {
  check: "content.payslip_sum",
  severity: "high",
  score: 0.9,
  message: "Gross pay minus deductions is 2,100.00 but net pay reads 2,400.00",
  page: 1,
  region: null,
};
const fused = (over: Partial<Fused>): Fused => ({
  verdict: "VERIFIED",
  rawConfidence: 0.9,
  suspicion: 0,
  decisive: [],
  ...over,
});

describe("plain-language summary", () => {
  it("names the document and the evidence that carried the verdict", () => {
    expect(summarise(fused({}), cls(), 4, 1, 1)).toBe(
      "No signs of tampering were found in this payslip (4 forensic checks on 1 page).",
    );
    // A hint too weak to doubt the document (here, read unsurely) is still named.
    expect(summarise(fused({ decisive: [finding] }), cls(), 4, 1, 1)).toBe(
      "Nothing found on this payslip weighs enough to doubt it (4 forensic checks on 1 page); one finding is worth a look: Gross pay minus deductions is 2,100.00 but net pay reads 2,400.00.",
    );
    expect(summarise(fused({ verdict: "REJECTED", decisive: [finding] }), cls(), 4, 1, 1)).toBe(
      "This payslip shows strong signs of manipulation: Gross pay minus deductions is 2,100.00 but net pay reads 2,400.00.",
    );
    expect(summarise(fused({ verdict: "SUSPECT", decisive: [finding, finding, finding] }), cls(), 4, 1, 1)).toMatch(
      /person should examine.*\(1 more finding below\.\)$/,
    );
  });

  it("says when only some pages were analysed", () => {
    expect(summarise(fused({}), cls(), 2, 3, 12)).toMatch(/on 3 of 12 pages/);
  });

  it("explains NOT_CREDENTIAL and MANUAL_REVIEW", () => {
    const photo = cls({
      isCredential: false,
      kind: "photo",
      docType: "other",
      pages: [
        { page: 1, kind: "photo", reasons: ["0 readable words", "35% skin tones"] } as Classification["pages"][number],
      ],
    });
    expect(summarise(fused({ verdict: "NOT_CREDENTIAL" }), photo, 0, 1, 1)).toBe(
      "This is not a credential: it looks like a photograph rather than a document (0 readable words, 35% skin tones).",
    );
    expect(
      summarise(fused({ verdict: "MANUAL_REVIEW", reviewReason: "too_poor", decisive: [finding] }), cls(), 4, 1, 1),
    ).toMatch(/too blurred.*may be a misreading/);
    expect(
      summarise(fused({ verdict: "MANUAL_REVIEW", reviewReason: "conflict", decisive: [finding] }), cls(), 4, 1, 1),
    ).toMatch(/evidence on this payslip conflicts/);
  });

  it("says why a document with nothing verifiable, or an identity document with its zone unread, goes to a person", () => {
    expect(summarise(fused({ verdict: "MANUAL_REVIEW", reviewReason: "unread_script" }), cls(), 4, 1, 1)).toMatch(
      /script the engine does not read/,
    );
    expect(summarise(fused({ verdict: "MANUAL_REVIEW", reviewReason: "nothing_verifiable" }), cls(), 4, 1, 1)).toMatch(
      /Nothing on this payslip could be read or verified/,
    );
    const other = cls({ docType: "other" });
    expect(summarise(fused({ verdict: "MANUAL_REVIEW", reviewReason: "unidentified" }), other, 4, 1, 1)).toMatch(
      /none of the wording of a credential and none of its fields/,
    );
    const id = cls({ docType: "id_card" });
    expect(summarise(fused({ verdict: "MANUAL_REVIEW", reviewReason: "identity_unverified" }), id, 4, 1, 1)).toMatch(
      /machine-readable zone of this identity card could not be read.*image editor/,
    );
  });

  it("says an expired document expired, whatever the verdict, and not as evidence of forgery", () => {
    const expired: Finding = {
      check: "mrz.expired",
      severity: "info",
      score: 0,
      message: "The document expired on 2012-04-15.",
      page: 1,
      region: null,
      evidence: { expiry_date: "2012-04-15", today: "2026-11-26" },
    };
    const passport = cls({ docType: "passport" });
    expect(summarise(fused({}), passport, 4, 1, 1, [expired])).toBe(
      "No signs of tampering were found in this passport (4 forensic checks on 1 page). It expired on 2012-04-15, so it no longer proves identity; expiry is not a sign of forgery.",
    );
    expect(summarise(fused({}), passport, 4, 1, 1, [])).toBe(
      "No signs of tampering were found in this passport (4 forensic checks on 1 page).",
    );
    expect(
      summarise(fused({}), cls({ docType: "certificate" }), 4, 1, 1, [{ ...expired, check: "content.expired" }]),
    ).toMatch(/It expired on 2012-04-15, so it is no longer valid;/);
  });
});
