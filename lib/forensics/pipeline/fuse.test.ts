import { describe, expect, it } from "vitest";
import type { Finding, FusionOverrides, Severity } from "../types";
import { evidenceOf, fuse, suspicionOf } from "./fuse";
import { ruleFor } from "./fuse-overrides";

const finding = (check: string, severity: Severity, score = 1, evidence?: Record<string, unknown>): Finding => ({
  check,
  severity,
  score,
  message: `${check} ${severity}`,
  page: 1,
  region: null,
  evidence,
});

const base = {
  isCredential: true,
  classificationConfidence: 0.9,
  tooPoor: false,
  checksRun: 5,
  checksFailed: 0,
  docType: "diploma" as const,
  somethingRead: true,
  fieldsRead: true,
};

describe("fusion of findings into a verdict", () => {
  it("no findings: VERIFIED, more sure the more checks looked", () => {
    const few = fuse({ ...base, findings: [], checksRun: 1 });
    const many = fuse({ ...base, findings: [] });
    expect(few.verdict).toBe("VERIFIED");
    expect(many.verdict).toBe("VERIFIED");
    expect(many.rawConfidence).toBeGreaterThan(few.rawConfidence);
  });

  it("info findings never count against a document", () => {
    const f = fuse({ ...base, findings: [finding("pdf.producer", "info"), finding("metadata.software", "info")] });
    expect(f.verdict).toBe("VERIFIED");
    expect(f.suspicion).toBe(0);
  });

  it("an expired passport whose zone holds is VERIFIED as its unexpired twin: expiry is a fact, not evidence", () => {
    const verified = finding("mrz.verified", "info", 0);
    const passport = { ...base, docType: "passport" as const };
    const valid = fuse({ ...passport, findings: [verified] });
    const expired = fuse({ ...passport, findings: [verified, finding("mrz.expired", "info", 0)] });
    expect(expired.verdict).toBe("VERIFIED");
    expect(expired.rawConfidence).toBe(valid.rawConfidence);
  });

  it("a sure critical finding rejects on its own", () => {
    const f = fuse({ ...base, findings: [finding("mrz.check_digit", "critical", 0.95)] });
    expect(f.verdict).toBe("REJECTED");
    expect(f.decisive[0].check).toBe("mrz.check_digit");
  });

  it("one high finding is SUSPECT; two independent ones REJECTED", () => {
    expect(fuse({ ...base, findings: [finding("pixel.ela", "high")] }).verdict).toBe("SUSPECT");
    // At exactly the documented bound (score 0.6), not lost to floating-point rounding.
    expect(fuse({ ...base, findings: [finding("metadata.software", "high", 0.6)] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [finding("metadata.software", "high", 0.59)] }).verdict).toBe("VERIFIED");
    expect(fuse({ ...base, findings: [finding("pixel.ela", "high"), finding("content.sum", "high")] }).verdict).toBe(
      "REJECTED",
    );
  });

  it("findings of one check are correlated and add less than independent ones", () => {
    const same = suspicionOf([
      finding("pixel.ela", "medium"),
      finding("pixel.ela", "medium"),
      finding("pixel.copy_move", "medium"),
    ]);
    const independent = suspicionOf([
      finding("pixel.ela", "medium"),
      finding("content.sum", "medium"),
      finding("pdf.fonts", "medium"),
    ]);
    expect(same).toBeLessThan(independent);
    expect(
      fuse({
        ...base,
        findings: [finding("pixel.ela", "low"), finding("pixel.ela", "low"), finding("pixel.ela", "low")],
      }).verdict,
    ).toBe("VERIFIED");
  });

  it("one medium anomaly, or several from the same check, is not enough; corroborated by another check it is", () => {
    expect(fuse({ ...base, findings: [finding("pixel.jpeg_grid", "medium")] }).verdict).toBe("VERIFIED");
    const sameCheck = [
      finding("pixel.jpeg_grid", "medium"),
      finding("pixel.jpeg_grid", "medium"),
      finding("pixel.jpeg_grid", "medium"),
    ];
    expect(fuse({ ...base, findings: sameCheck }).verdict).toBe("VERIFIED");
    expect(
      fuse({ ...base, findings: [finding("pixel.jpeg_grid", "medium"), finding("metadata.software", "medium")] })
        .verdict,
    ).toBe("SUSPECT");
  });

  it("a weak low finding alone does not flag a genuine document", () => {
    expect(fuse({ ...base, findings: [finding("metadata.dates", "low", 0.6)] }).verdict).toBe("VERIFIED");
  });

  it("too poor to judge and nothing found: MANUAL_REVIEW", () => {
    const f = fuse({ ...base, findings: [], tooPoor: true });
    expect(f.verdict).toBe("MANUAL_REVIEW");
    expect(f.reviewReason).toBe("too_poor");
  });

  it("too poor to judge, even with a machine-readable zone whose check digits hold: MANUAL_REVIEW", () => {
    // Check digits are public arithmetic, and shrinking an edited photo is how its traces are hidden.
    const f = fuse({ ...base, docType: "id_card", findings: [finding("mrz.verified", "info", 0)], tooPoor: true });
    expect(f).toMatchObject({ verdict: "MANUAL_REVIEW", reviewReason: "too_poor" });
  });

  it("on a poor image, evidence read from its text goes to a person; structural evidence still rejects", () => {
    const misread = fuse({ ...base, findings: [finding("mrz.check_digit", "critical")], tooPoor: true });
    expect(misread).toMatchObject({ verdict: "MANUAL_REVIEW", reviewReason: "too_poor" });
    expect(fuse({ ...base, findings: [finding("pdf.incremental_update", "critical")], tooPoor: true }).verdict).toBe(
      "REJECTED",
    );
    expect(fuse({ ...base, findings: [finding("mrz.check_digit", "critical")], tooPoor: false }).verdict).toBe(
      "REJECTED",
    );
  });

  it("a check vouching for the whole file against manipulation elsewhere: MANUAL_REVIEW (conflict)", () => {
    const f = fuse({
      ...base,
      findings: [finding("pdf.signature", "info", 0, { vouches: true }), finding("pixel.ela", "high")],
    });
    expect(f.verdict).toBe("MANUAL_REVIEW");
    expect(f.reviewReason).toBe("conflict");
  });

  it("when most checks could not run there is too little to vouch for: MANUAL_REVIEW", () => {
    expect(fuse({ ...base, findings: [], checksRun: 1, checksFailed: 2 }).reviewReason).toBe("checks_failed");
  });

  it("not a credential: NOT_CREDENTIAL with the classifier's confidence", () => {
    const f = fuse({ ...base, isCredential: false, findings: [], classificationConfidence: 0.93 });
    expect(f).toMatchObject({ verdict: "NOT_CREDENTIAL", rawConfidence: 0.93 });
  });

  it("a clean contradiction between two sources on the document is at least SUSPECT; the same weight elsewhere is not", () => {
    expect(fuse({ ...base, findings: [finding("codes.payload_mismatch", "medium", 0.45)] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [finding("mrz.printed_mismatch", "medium", 0.3)] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [finding("pixel.jpeg_grid", "medium", 0.45)] }).verdict).toBe("VERIFIED");
    // Read unsurely by OCR, the printed side cannot be held against the code.
    const unsure = finding("codes.payload_mismatch", "medium", 0.45, { reading_confidence: 40 });
    expect(fuse({ ...base, findings: [unsure] }).verdict).toBe("VERIFIED");
  });

  it("a stated total against the computed one counts as a contradiction from a text layer, not from OCR", () => {
    const sum = (source: string) => finding("content.payslip_sum", "medium", 0.5, { source });
    expect(fuse({ ...base, findings: [sum("text_layer")] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [sum("ocr")] }).verdict).toBe("VERIFIED");
    // A difference the check itself explains (a payment outside gross and deductions) is a hint.
    const explained = finding("content.payslip_net", "low", 0.15, { source: "text_layer" });
    expect(fuse({ ...base, findings: [explained] }).verdict).toBe("VERIFIED");
  });

  it("a running balance that breaks in a text layer is a contradiction; read by OCR it is not", () => {
    const chain = (source: string) => finding("content.running_balance", "medium", 0.45, { source });
    expect(fuse({ ...base, findings: [chain("text_layer")] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [chain("ocr")] }).verdict).toBe("VERIFIED");
  });

  it("an editor's save recorded in the file plus any anomaly of the content is at least SUSPECT", () => {
    const save = finding("metadata.software", "medium", 0.4);
    expect(fuse({ ...base, findings: [save, finding("pixel.copy_move", "low", 0.5)] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [save] }).verdict).toBe("VERIFIED");
    // A reader's doubt is no anomaly of the content.
    expect(fuse({ ...base, findings: [save, finding("mrz.check_digit_ocr", "low", 0.15)] }).verdict).toBe("VERIFIED");
    // A lightroom-class tool (low) is no editor's save.
    const develop = finding("metadata.software", "low", 0.2);
    expect(fuse({ ...base, findings: [develop, finding("pixel.copy_move", "low", 0.5)] }).verdict).toBe("VERIFIED");
  });

  it("a PDF's Producer naming an editor is an editor's save too; the file's own history is no anomaly of it", () => {
    const photoshop = finding("pdf.producer", "medium", 0.4);
    const retyped = finding("pixel.sharp_text", "medium", 0.74);
    expect(fuse({ ...base, findings: [photoshop, retyped] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [retyped] }).verdict).toBe("VERIFIED");
    expect(fuse({ ...base, findings: [photoshop] }).verdict).toBe("VERIFIED");
    // Saved later than made, by the same editor: still only the save.
    expect(fuse({ ...base, findings: [photoshop, finding("pdf.dates", "low", 0.2)] }).verdict).toBe("VERIFIED");
    // Acrobat's own re-save (low) is no editor's save.
    const acrobat = finding("pdf.producer", "low", 0.2);
    expect(fuse({ ...base, findings: [acrobat, retyped] }).verdict).toBe("VERIFIED");
  });

  it("OCR findings weigh by how sure the reading was", () => {
    const sure = finding("content.payslip_sum", "high", 0.8, { reading_confidence: 90 });
    const half = finding("content.payslip_sum", "high", 0.8, { reading_confidence: 42.5 });
    expect(evidenceOf(half)).toBeCloseTo(evidenceOf(sure) / 2);
    expect(fuse({ ...base, findings: [sure] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...base, findings: [half] }).verdict).toBe("VERIFIED");
  });

  it("nothing read and nothing verified is never VERIFIED", () => {
    const blank = fuse({ ...base, findings: [], somethingRead: false });
    expect(blank).toMatchObject({ verdict: "MANUAL_REVIEW", reviewReason: "nothing_verifiable" });
    expect(fuse({ ...base, findings: [] }).verdict).toBe("VERIFIED");
    const signed = finding("pdf.signature", "info", 0, { vouches: true });
    expect(fuse({ ...base, findings: [signed], somethingRead: false }).verdict).toBe("VERIFIED");
  });

  it("words read but no credential's wording and no field: a person looks, unless other evidence decides", () => {
    const unidentified = { ...base, docType: "other" as const, fieldsRead: false };
    expect(fuse({ ...unidentified, findings: [] })).toMatchObject({
      verdict: "MANUAL_REVIEW",
      reviewReason: "unidentified",
    });
    // Its clean twins: a known kind of document, or one field read, is held against what it says.
    expect(fuse({ ...unidentified, docType: "certificate", findings: [] }).verdict).toBe("VERIFIED");
    expect(fuse({ ...unidentified, fieldsRead: true, findings: [] }).verdict).toBe("VERIFIED");
    expect(fuse({ ...unidentified, findings: [finding("pixel.copy_move", "high", 0.8)] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...unidentified, findings: [finding("mrz.verified", "info", 0)] }).verdict).toBe("VERIFIED");
  });

  it("a credential whose text OCR cannot read goes to a person, unless other evidence decides", () => {
    const unread = { ...base, unreadText: true };
    expect(fuse({ ...unread, findings: [] })).toMatchObject({
      verdict: "MANUAL_REVIEW",
      reviewReason: "unread_script",
    });
    // Evidence of manipulation still speaks, and a verified zone or signature still vouches.
    const high = finding("pixel.copy_move", "high", 0.8);
    expect(fuse({ ...unread, findings: [high] }).verdict).toBe("SUSPECT");
    expect(fuse({ ...unread, findings: [finding("mrz.verified", "info", 0)] }).verdict).toBe("VERIFIED");
    expect(fuse({ ...unread, isCredential: false, findings: [] }).verdict).toBe("NOT_CREDENTIAL");
  });

  it("an identity document without a verified zone: an editor's save sends it to a person, and clean it is less sure", () => {
    const id = { ...base, docType: "id_card" as const };
    const save = finding("metadata.software", "medium", 0.4);
    const verified = finding("mrz.verified", "info", 0);
    expect(fuse({ ...id, findings: [save] })).toMatchObject({
      verdict: "MANUAL_REVIEW",
      reviewReason: "identity_unverified",
    });
    expect(fuse({ ...id, findings: [save, verified] }).verdict).toBe("VERIFIED");
    const unread = fuse({ ...id, findings: [] });
    const read = fuse({ ...id, findings: [verified] });
    expect(unread.verdict).toBe("VERIFIED");
    expect(unread.rawConfidence).toBeLessThanOrEqual(0.7);
    expect(read.rawConfidence).toBeGreaterThan(unread.rawConfidence);
  });
});

const overrides = (...rules: FusionOverrides["rules"]): FusionOverrides => ({ version: 3, rules });
const sharp = (weight: number, scope: { doc_type?: "id_card" | "passport" | null; format?: string | null } = {}) => ({
  check: "pixel.sharp_text",
  doc_type: scope.doc_type === undefined ? "id_card" : scope.doc_type,
  format: scope.format === undefined ? "jpeg" : scope.format,
  weight,
});

describe("fusion overrides", () => {
  // A phone photo of an ID card.
  const idCard = { ...base, docType: "id_card" as const, format: "jpeg" };

  it("a lowered check no longer carries the verdict where its rule applies, and only there", () => {
    const findings = [finding("pixel.sharp_text", "high", 0.7)];
    expect(fuse({ ...idCard, findings }).verdict).toBe("SUSPECT");
    const lowered = overrides(sharp(0.5));
    expect(fuse({ ...idCard, findings, overrides: lowered }).verdict).toBe("VERIFIED");
    // Another format, another type: the engine's own weight.
    expect(fuse({ ...idCard, findings, overrides: lowered, format: "pdf" }).verdict).toBe("SUSPECT");
    expect(fuse({ ...idCard, findings, overrides: lowered, docType: "passport" }).verdict).toBe("SUSPECT");
  });

  it("a raised check counts more, up to its severity's full weight; 0 leaves it out of the verdict", () => {
    const findings = [finding("pixel.sharp_text", "high", 0.5)];
    expect(fuse({ ...idCard, findings }).verdict).toBe("VERIFIED");
    expect(fuse({ ...idCard, findings, overrides: overrides(sharp(2)) }).verdict).toBe("SUSPECT");
    const medium = [finding("pixel.sharp_text", "medium", 0.5)];
    expect(fuse({ ...idCard, findings: medium, overrides: overrides(sharp(4)) }).verdict).toBe("VERIFIED");
    const high = [finding("pixel.sharp_text", "critical", 0.9)];
    expect(fuse({ ...idCard, findings: high }).verdict).toBe("REJECTED");
    expect(fuse({ ...idCard, findings: high, overrides: overrides(sharp(0)) }).verdict).toBe("VERIFIED");
  });

  it("a lowered contradiction sets no SUSPECT floor; an unlowered one still does", () => {
    const findings = [finding("codes.payload_mismatch", "medium", 0.5)];
    const docType = "diploma" as const;
    expect(fuse({ ...idCard, docType, findings }).verdict).toBe("SUSPECT");
    const rule = { check: "codes.payload_mismatch", doc_type: null, format: null, weight: 0.5 };
    expect(fuse({ ...idCard, docType, findings, overrides: overrides(rule) }).verdict).toBe("VERIFIED");
  });

  it("neutral observations are never weighed: a verified zone stays verified", () => {
    const findings = [finding("mrz.verified", "info", 0)];
    const rule = { check: "mrz.verified", doc_type: null, format: null, weight: 0 };
    const passport = { ...idCard, docType: "passport" as const };
    expect(fuse({ ...passport, findings, overrides: overrides(rule) }).rawConfidence).toBe(
      fuse({ ...passport, findings }).rawConfidence,
    );
  });

  it("the most specific rule wins; rules out of bounds are ignored", () => {
    const rules = [sharp(0.9, { doc_type: null, format: null }), sharp(0.5, { format: null }), sharp(0.25)];
    expect(ruleFor(rules, "pixel.sharp_text", "id_card", "jpeg")?.weight).toBe(0.25);
    expect(ruleFor(rules, "pixel.sharp_text", "id_card", "png")?.weight).toBe(0.5);
    expect(ruleFor(rules, "pixel.sharp_text", "passport", "png")?.weight).toBe(0.9);
    expect(ruleFor([sharp(Number.NaN), sharp(99)], "pixel.sharp_text", "id_card", "jpeg")).toBeNull();
  });
});
