// End to end through analyseDocument: generated genuine, tampered and non-credential documents,
// progress events and timings, hostile inputs, the deadline and calibration.
import { afterAll, describe, expect, it } from "vitest";
import { analyseDocument, ForensicInputError, type ProgressEvent } from "./index";
import { terminateOcr } from "./pipeline/ocr";
import { DIPLOMA_LINES, documentPdf, pngHeaderBomb } from "@/tests/forensics-support/pipeline-fixtures";
import { makeDocument } from "@/bench/corpora/synthetic";

afterAll(() => terminateOcr());

describe("analyseDocument on generated documents", () => {
  it("a genuine digital diploma is VERIFIED, with fields, pages and timings", async () => {
    const doc = await makeDocument({ seed: "e2e-genuine", docType: "diploma", format: "pdf", look: "clean" });
    const events: ProgressEvent[] = [];
    const report = await analyseDocument(doc.bytes, doc.contentType, { onProgress: (e) => events.push(e) });
    expect(report.verdict).toBe("VERIFIED");
    expect(report.doc_type).toBe("diploma");
    expect(report.is_credential).toBe(true);
    expect(report.format).toBe("pdf");
    expect(report.pages[0].source).toBe("pdf-text");
    expect(report.fields.holder_name).toBeTruthy();
    expect(report.confidence).toBeGreaterThan(0.5);
    expect(report.summary).toMatch(/No signs of tampering/);

    const stages = events.filter((e) => e.type === "stage");
    expect(stages.map((e) => `${e.stage}:${e.status}`)).toEqual([
      "decode:start",
      "decode:complete",
      "classify:start",
      "classify:complete",
      "read:start",
      "read:complete",
      "checks:start",
      "checks:complete",
      "fuse:start",
      "fuse:complete",
    ]);
    expect(events.some((e) => e.type === "progress" && e.stage === "decode")).toBe(true);
    for (const stage of ["decode", "classify", "read", "checks", "fuse"] as const)
      expect(report.timings_ms[stage]).toBeGreaterThanOrEqual(0);
    expect(report.timings_ms.total).toBeGreaterThanOrEqual(report.timings_ms.decode);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it("a document whose MRZ check digit was altered is REJECTED with the evidence", async () => {
    const doc = await makeDocument({
      seed: "e2e-tampered",
      docType: "passport",
      format: "pdf",
      look: "clean",
      tamper: "mrz.check_digit",
    });
    const report = await analyseDocument(doc.bytes, doc.contentType);
    expect(["REJECTED", "SUSPECT"]).toContain(report.verdict);
    expect(report.findings.some((f) => f.check.startsWith("mrz") && f.severity !== "info")).toBe(true);
    expect(report.summary).toMatch(/manipulation/);
  });

  it("a selfie is NOT_CREDENTIAL, and no forensic check runs on it", async () => {
    const doc = await makeDocument({ seed: "e2e-selfie", nonCredential: "selfie", format: "jpeg" });
    const events: ProgressEvent[] = [];
    const report = await analyseDocument(doc.bytes, doc.contentType, { onProgress: (e) => events.push(e) });
    expect(report.verdict).toBe("NOT_CREDENTIAL");
    expect(report.is_credential).toBe(false);
    expect(report.findings[0].check).toBe("classify.photo");
    expect(events.some((e) => e.type === "progress" && e.message.includes("skipped: not a credential"))).toBe(true);
  });

  it("a blank page is NOT_CREDENTIAL", async () => {
    const doc = await makeDocument({ seed: "e2e-blank", nonCredential: "blank", format: "png" });
    expect((await analyseDocument(doc.bytes, doc.contentType)).verdict).toBe("NOT_CREDENTIAL");
  });
});

describe("analyseDocument on hostile input and limits", () => {
  it("rejects what it cannot read with a ForensicInputError", async () => {
    await expect(analyseDocument(new Uint8Array(0), "application/pdf")).rejects.toMatchObject({ code: "empty_file" });
    await expect(analyseDocument(pngHeaderBomb(60_000, 60_000), "image/png")).rejects.toMatchObject({
      code: "too_many_pixels",
    });
    await expect(analyseDocument(new Uint8Array(Buffer.from("GIF89a....")), "image/gif")).rejects.toBeInstanceOf(
      ForensicInputError,
    );
  });

  it("stops at timeoutMs with a timeout error", async () => {
    const pdf = await documentPdf(DIPLOMA_LINES, 3);
    await expect(analyseDocument(pdf, "application/pdf", { limits: { timeoutMs: 5 } })).rejects.toMatchObject({
      code: "timeout",
    });
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    const controller = new AbortController();
    const reason = new Error("client went away");
    controller.abort(reason);
    await expect(
      analyseDocument(await documentPdf(DIPLOMA_LINES), "application/pdf", { signal: controller.signal }),
    ).rejects.toBe(reason);
  });

  it("maps the raw confidence through the calibration model", async () => {
    const pdf = await documentPdf(DIPLOMA_LINES);
    const flat = {
      points: [
        { x: 0, y: 0.42 },
        { x: 1, y: 0.42 },
      ],
    };
    const report = await analyseDocument(pdf, "application/pdf", { calibration: flat });
    expect(report.confidence).toBeCloseTo(0.42);
  });

  it("a progress listener that throws does not break the analysis", async () => {
    const report = await analyseDocument(await documentPdf(DIPLOMA_LINES), "application/pdf", {
      onProgress: () => {
        throw new Error("listener bug");
      },
    });
    expect(report.verdict).toBeDefined();
  });
});
