import { describe, expect, it } from "vitest";
import type { Finding, FusionOverrides, Verdict } from "../../forensics/types";
import type { Reviewed, StoredReport } from "./load-reviewed";
import { suggestRules } from "./suggest-rules";

const finding = (check: string, severity: Finding["severity"], score: number): Finding => ({
  check,
  severity,
  score,
  message: check,
  page: 1,
  region: null,
});

/** A phone photo of an ID card whose only counting finding is a sharp-text anomaly: SUSPECT. */
const report = (format = "jpeg", extra: Finding[] = []): StoredReport => ({
  findings: [finding("pixel.sharp_text", "high", 0.7), finding("mrz.verified", "info", 0), ...extra],
  is_credential: true,
  doc_type: "id_card",
  format,
  pages: [],
  confidence: 0.6,
  fields: { holder_name: "A" },
  fusion_inputs: { checks_run: 6, checks_failed: 0, something_read: true, classification_confidence: 0.9 },
});

let n = 0;
const reviewed = (reviewerId: string, to: Verdict, wrong: string[], r = report()): Reviewed => ({
  verificationId: `ver_${++n}`,
  reviewerId,
  original: "SUSPECT",
  reviewed: to,
  wrongChecks: wrong,
  docType: r.doc_type,
  report: r,
});

describe("suggestRules", () => {
  it("suggests lowering a check distinct reviewers keep overruling, with evidence and replayed effect", () => {
    const reviews = [
      ...["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((who) => reviewed(who, "VERIFIED", ["pixel.sharp_text"])),
      reviewed("j", "SUSPECT", []),
    ];
    const [s, ...rest] = suggestRules(reviews, undefined);
    expect(rest).toEqual([]);
    expect(s.rule).toEqual({ check: "pixel.sharp_text", doc_type: "id_card", format: "jpeg", weight: 0.5 });
    expect(s.support).toBe(9);
    expect(s.evidence).toEqual({
      reviewers: 9,
      verifications_reviewed: 10,
      verifications_overruled: 9,
      override_rate: 0.9,
    });
    expect(s.effect.overruled).toEqual({ total: 9, changed: 9, match_review: 9 });
    // The one confirmed SUSPECT changes too: the replay says so rather than hiding it.
    expect(s.effect.confirmed).toEqual({ total: 1, changed: 1, match_review: 0 });
    expect(s.description).toMatch(/9 of 10/);
    expect(s.effect.predicted).toHaveLength(10);
  });

  it("one account cannot steer the engine: many overrules by one or two accounts suggest nothing", () => {
    const reviews = [
      ...Array.from({ length: 8 }, () => reviewed("a", "VERIFIED", ["pixel.sharp_text"])),
      ...Array.from({ length: 8 }, () => reviewed("b", "VERIFIED", ["pixel.sharp_text"])),
    ];
    expect(suggestRules(reviews, undefined)).toEqual([]);
    expect(suggestRules([...reviews, reviewed("c", "VERIFIED", ["pixel.sharp_text"])], undefined)).toHaveLength(1);
  });

  it("needs the rate: overruled in half the reviews is no rule", () => {
    const reviews = [
      ...["a", "b", "c"].map((who) => reviewed(who, "VERIFIED", ["pixel.sharp_text"])),
      ...["d", "e", "f"].map((who) => reviewed(who, "SUSPECT", [])),
    ];
    expect(suggestRules(reviews, undefined)).toEqual([]);
  });

  it("prefers the format the reviews were on, and the type-wide rule only without one", () => {
    const mixed = [
      ...["a", "b", "c"].map((who) => reviewed(who, "VERIFIED", ["pixel.sharp_text"], report("jpeg"))),
      ...["d", "e"].map((who) => reviewed(who, "VERIFIED", ["pixel.sharp_text"], report("png"))),
    ];
    expect(suggestRules(mixed, undefined).map((s) => s.scopeKey)).toEqual(["pixel.sharp_text|id_card|jpeg"]);
    const spread = [
      ...["a", "b"].map((who) => reviewed(who, "VERIFIED", ["pixel.sharp_text"], report("jpeg"))),
      ...["d", "e"].map((who) => reviewed(who, "VERIFIED", ["pixel.sharp_text"], report("png"))),
    ];
    expect(suggestRules(spread, undefined).map((s) => s.scopeKey)).toEqual(["pixel.sharp_text|id_card|*"]);
  });

  it("suggests nothing the overrides in force already do, and nothing a replay shows changes no verdict", () => {
    const reviews = ["a", "b", "c"].map((who) => reviewed(who, "VERIFIED", ["pixel.sharp_text"]));
    const inForce: FusionOverrides = {
      version: 2,
      rules: [{ check: "pixel.sharp_text", doc_type: "id_card", format: "jpeg", weight: 0.5 }],
    };
    // Under 0.5 the reports are VERIFIED already: a lower weight moves nothing.
    expect(suggestRules(reviews, inForce)).toEqual([]);
    // A second, independent high finding keeps the verdict whatever this check weighs.
    const stubborn = ["a", "b", "c"].map((who) =>
      reviewed(who, "VERIFIED", ["pixel.sharp_text"], report("jpeg", [finding("content.sum", "critical", 0.95)])),
    );
    expect(suggestRules(stubborn, undefined).filter((s) => s.rule.check === "pixel.sharp_text")).toEqual([]);
  });

  it("suggests raising a check reviewers found too weak", () => {
    const weak = (): StoredReport => ({ ...report(), findings: [finding("pixel.ela", "high", 0.5)] });
    const reviews = ["a", "b", "c"].map((who) => ({
      ...reviewed(who, "SUSPECT", ["pixel.ela"], weak()),
      original: "VERIFIED" as const,
    }));
    const [s] = suggestRules(reviews, undefined);
    expect(s.rule).toMatchObject({ check: "pixel.ela", weight: 1.5 });
    expect(s.effect.overruled).toEqual({ total: 3, changed: 3, match_review: 3 });
  });
});
