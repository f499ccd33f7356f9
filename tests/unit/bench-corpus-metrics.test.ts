import { describe, expect, it } from "vitest";
import {
  correct,
  corpusMetrics,
  formatMissed,
  formatTimes,
  pageTimes,
  reliability,
  type CorpusOutcome,
} from "@/bench/corpus-metrics";

const outcome = (o: Partial<CorpusOutcome>): CorpusOutcome => ({
  id: "x",
  label: "genuine",
  kind: "payslip",
  expectedType: "payslip",
  capture: "digital-pdf",
  family: null,
  group: null,
  verdict: "VERIFIED",
  reviewReason: null,
  confidence: 0.9,
  rawConfidence: 0.9,
  predictedType: "payslip",
  findings: [],
  ms: 1000,
  cpuMs: 900,
  pages: 1,
  error: null,
  ...o,
});

describe("benchmark corpus metrics", () => {
  it("counts a verdict right by label: VERIFIED genuine, flagged forgery, NOT_CREDENTIAL non-credential", () => {
    expect(correct(outcome({}))).toBe(true);
    expect(correct(outcome({ verdict: "MANUAL_REVIEW" }))).toBe(false);
    expect(correct(outcome({ label: "tampered", verdict: "SUSPECT" }))).toBe(true);
    expect(correct(outcome({ label: "tampered", verdict: "VERIFIED" }))).toBe(false);
    expect(correct(outcome({ label: "not_credential", verdict: "NOT_CREDENTIAL" }))).toBe(true);
  });

  it("has no calibration error when stated confidence matches observed accuracy, and measures the gap when not", () => {
    // Ten answers at 0.8, eight right: calibrated.
    const calibrated = [...Array(8)]
      .map(() => outcome({ confidence: 0.8 }))
      .concat([...Array(2)].map(() => outcome({ confidence: 0.8, verdict: "SUSPECT" })));
    expect(reliability(calibrated).ece).toBeCloseTo(0, 10);
    // Ten answers at 0.95, five right: 0.45 off.
    const overconfident = [...Array(5)]
      .map(() => outcome({ confidence: 0.95 }))
      .concat([...Array(5)].map(() => outcome({ confidence: 0.95, verdict: "SUSPECT" })));
    expect(reliability(overconfident).ece).toBeCloseTo(0.45, 10);
  });

  it("separates detection, false alarms and type accuracy, per family and per capture", () => {
    const m = corpusMetrics([
      outcome({}),
      outcome({ verdict: "SUSPECT", capture: "scan-pdf" }),
      outcome({ label: "tampered", family: "arithmetic", group: "consistency", verdict: "REJECTED" }),
      outcome({
        label: "tampered",
        family: "pixel_splice",
        group: "pixel",
        verdict: "VERIFIED",
        predictedType: "bank_statement",
      }),
      outcome({
        label: "not_credential",
        kind: "recipe",
        expectedType: null,
        verdict: "NOT_CREDENTIAL",
        predictedType: "other",
      }),
    ]);
    expect(m.detected).toMatchObject({ hits: 1, total: 2 });
    expect(m.genuineFlagged).toMatchObject({ hits: 1, total: 2 });
    expect(m.notCredentialRecall).toMatchObject({ hits: 1, total: 1 });
    expect(m.typeAccuracy).toMatchObject({ hits: 3, total: 4 });
    expect(m.perFamily.arithmetic).toMatchObject({ hits: 1, total: 1 });
    expect(m.perFamily.pixel_splice).toMatchObject({ hits: 0, total: 1 });
    expect(m.perCapture["scan-pdf"]?.genuineFlagged).toMatchObject({ hits: 1, total: 1 });
  });

  it("says why a family's forgeries were missed in counts only: verdicts and the findings the missed ones carried", () => {
    const forgery = (o: Partial<CorpusOutcome>) =>
      outcome({ label: "tampered", family: "pixel_copy_move", group: "pixel", ...o });
    const m = corpusMetrics([
      forgery({ verdict: "REJECTED", findings: ["pixel.copy_move:high"] }),
      forgery({ findings: ["pixel.noise_inconsistency:low", "pixel.noise_inconsistency:low"] }),
      forgery({
        verdict: "MANUAL_REVIEW",
        reviewReason: "too_poor",
        findings: ["pixel.noise_inconsistency:low", "metadata.software:medium"],
      }),
      forgery({}),
      forgery({ family: "arithmetic", group: "consistency", verdict: "SUSPECT" }),
    ]);
    expect(m.missedPerFamily).toEqual({
      pixel_copy_move: {
        n: 3,
        verdicts: { VERIFIED: 2, "MANUAL_REVIEW (too_poor)": 1 },
        findings: { "pixel.noise_inconsistency:low": 2, "metadata.software:medium": 1 },
        withoutFindings: 1,
      },
    });
    expect(formatMissed(m.missedPerFamily.pixel_copy_move)).toBe(
      "3: VERIFIED 2, MANUAL_REVIEW (too_poor) 1; pixel.noise_inconsistency:low 2, metadata.software:medium 1; none on 1",
    );
  });

  it("times each capture per page, elapsed and CPU, leaving out failed analyses", () => {
    const m = corpusMetrics([
      outcome({ capture: "scan-pdf", ms: 4000, cpuMs: 3000, pages: 2 }),
      outcome({ capture: "scan-pdf", ms: 3000, cpuMs: 2500 }),
      outcome({ capture: "scan-pdf", ms: 90_000, cpuMs: null, error: "timeout" }),
      outcome({ capture: "digital-pdf", ms: 600, cpuMs: 500 }),
    ]);
    expect(m.timing.perCapture["scan-pdf"]).toEqual({
      n: 2,
      p50: 2000,
      p90: 3000,
      p95: 3000,
      cpuP50: 1500,
      cpuP90: 2500,
    });
    expect(m.timing.digitalPdfP50).toBe(600);
    expect(formatTimes(m.timing.perCapture).join("\n")).toMatch(
      /scan-pdf\s+n=  2  CPU  1.50 s \/  2.50 s \| elapsed  2.00 s \/  3.00 s/,
    );
  });

  it("has no CPU figure when no worker reported one", () => {
    expect(pageTimes([outcome({ cpuMs: null })])).toMatchObject({ n: 1, p50: 1000, cpuP50: null });
  });
});
