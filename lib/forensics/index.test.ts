// End to end through analyseDocument: generated genuine, tampered and non-credential documents,
// progress events and timings, hostile inputs, the deadline and calibration.
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { analyseDocument, ForensicInputError, type ProgressEvent } from "./index";
import { checkDigit } from "./checks/mrz/check-digit";
import { terminateOcr } from "./pipeline/ocr";
import { DIPLOMA_LINES, documentPdf, pngHeaderBomb } from "@/tests/forensics-support/pipeline-fixtures";
import { exifSegment, withSegments } from "@/tests/forensics-support/metadata/exif-writer";
import { makeDocument } from "@/bench/corpora/synthetic";

afterAll(() => terminateOcr());

GlobalFonts.registerFromPath(path.join(process.cwd(), "lib/forensics/checks/mrz/ocr-b/OCRB.otf"), "OCR-B");
GlobalFonts.registerFromPath(
  path.join(process.cwd(), "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  "DejaVu Sans",
);

/** A scanned passport data page (ICAO's specimen holder, valid until 2034) with the given names printed as given. */
async function passportPage(given: string): Promise<Buffer> {
  const withDigit = (s: string) => s + String(checkDigit(s));
  const [number, birth, expiry, optional] = ["L898902C3", "740812", "340415", "ZE184226B<<<<<"].map(withDigit);
  const line2 = `${number}UTO${birth}F${expiry}${optional}`;
  const zone = [
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    `${line2}${checkDigit(`${number}${birth}${expiry}${optional}`)}`,
  ];
  const canvas = createCanvas(1500, 1050);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f3efe6";
  ctx.fillRect(0, 0, 1500, 1050);
  ctx.fillStyle = "#222";
  ctx.font = "bold 44px DejaVu Sans";
  ctx.fillText("PASSPORT  UTOPIA", 480, 90);
  const field = (caption: string, value: string, y: number) => {
    ctx.fillStyle = "#555";
    ctx.font = "24px DejaVu Sans";
    ctx.fillText(caption, 480, y);
    ctx.fillStyle = "#111";
    ctx.font = "36px DejaVu Sans";
    ctx.fillText(value, 480, y + 45);
  };
  field("Surname / Nom", "ERIKSSON", 170);
  field("Given names / Prénoms", given, 280);
  field("Date of birth / Date de naissance", "12 AUG 1974", 390);
  field("Date of expiry / Date d'expiration", "15 APR 2034", 500);
  field("Passport No.", "L898902C3", 610);
  ctx.fillStyle = "#ccc";
  ctx.fillRect(80, 150, 340, 460);
  ctx.fillStyle = "#111";
  ctx.font = "40px OCR-B";
  zone.forEach((line, i) => ctx.fillText(line, 80, 880 + i * 75));
  return canvas.toBuffer("image/jpeg", 92);
}

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

  it("a passport page with its zone in OCR-B: the zone is read, a printed given name that differs is flagged, its genuine twin VERIFIED", async () => {
    const genuine = await analyseDocument(await passportPage("ANNA MARIA"), "image/jpeg");
    expect(genuine.verdict).toBe("VERIFIED");
    expect(genuine.findings.find((f) => f.check === "mrz.verified")?.evidence).toMatchObject({
      document_number: "L898902C3",
      reading: "geometry",
    });
    const edited = await analyseDocument(await passportPage("KARIN MARIA"), "image/jpeg");
    expect(["SUSPECT", "REJECTED"]).toContain(edited.verdict);
    const mismatch = edited.findings.find((f) => f.check === "mrz.printed_mismatch");
    expect(mismatch?.evidence).toMatchObject({ field: "holder_name" });
    expect(mismatch?.region).not.toBeNull();
  });

  it("a diploma JPEG whose QR code names another person than the print is at least SUSPECT; its twin VERIFIED (issue 11, case 2)", async () => {
    const spec = { seed: "case-2", docType: "diploma", format: "jpeg", look: "clean" } as const;
    const genuine = await makeDocument(spec);
    const edited = await makeDocument({ ...spec, tamper: "codes.payload_mismatch" });
    expect((await analyseDocument(genuine.bytes, genuine.contentType)).verdict).toBe("VERIFIED");
    const report = await analyseDocument(edited.bytes, edited.contentType);
    expect(["SUSPECT", "REJECTED"]).toContain(report.verdict);
    expect(report.findings.some((f) => f.check === "codes.payload_mismatch")).toBe(true);
  }, 240_000);

  it("a scanned diploma saved by Photoshop whose QR code disagrees with the print is at least SUSPECT; the save alone is not (issue 11, case 5)", async () => {
    const spec = { seed: "case-5", docType: "diploma", format: "jpeg", look: "scanned" } as const;
    const photoshop = exifSegment({ Make: "Apple", Model: "iPhone 13", Software: "Adobe Photoshop 25.0 (Macintosh)" });
    const saved = (bytes: Uint8Array) => withSegments(bytes, photoshop);
    const genuine = await makeDocument(spec);
    const edited = await makeDocument({ ...spec, tamper: "codes.payload_mismatch" });
    const clean = await analyseDocument(saved(genuine.bytes), "image/jpeg");
    expect(clean.findings.some((f) => f.check === "metadata.software" && f.severity === "medium")).toBe(true);
    expect(["VERIFIED", "MANUAL_REVIEW"]).toContain(clean.verdict);
    const report = await analyseDocument(saved(edited.bytes), "image/jpeg");
    expect(["SUSPECT", "REJECTED"]).toContain(report.verdict);
  }, 240_000);

  it("a diploma sent too small to judge goes to a person, saying why, with no calibrated confidence; its sharp twin says no reason", async () => {
    const genuine = await makeDocument({ seed: "review-reason", docType: "diploma", format: "jpeg", look: "clean" });
    // Its short side under the 300 pixels a reader needs to judge print.
    const poor = await sharp(genuine.bytes).resize({ width: 250 }).blur(1).jpeg({ quality: 60 }).toBuffer();
    const calibration = {
      points: [
        { x: 0, y: 0.9 },
        { x: 1, y: 1 },
      ],
    };
    const report = await analyseDocument(new Uint8Array(poor), "image/jpeg", { calibration });
    expect(report).toMatchObject({
      verdict: "MANUAL_REVIEW",
      review_reason: "too_poor",
      confidence: 0.5,
      raw_confidence: 0.5,
    });
    const sharpTwin = await analyseDocument(genuine.bytes, genuine.contentType, { calibration });
    expect(sharpTwin).toMatchObject({ verdict: "VERIFIED", review_reason: null });
    expect(sharpTwin.confidence).toBeCloseTo(0.9 + 0.1 * sharpTwin.raw_confidence, 3);
  }, 240_000);

  it("a selfie is NOT_CREDENTIAL, and no forensic check runs on it", async () => {
    const doc = await makeDocument({ seed: "e2e-selfie", nonCredential: "selfie", format: "jpeg" });
    const events: ProgressEvent[] = [];
    const report = await analyseDocument(doc.bytes, doc.contentType, { onProgress: (e) => events.push(e) });
    expect(report.verdict).toBe("NOT_CREDENTIAL");
    expect(report.is_credential).toBe(false);
    expect(report.findings[0].check).toBe("classify.photo");
    expect(events.some((e) => e.type === "progress" && e.message.includes("skipped: not a credential"))).toBe(true);
  });

  it("a picture with no readable text (bars and a circle) is NOT_CREDENTIAL; its twin with a diploma's text is VERIFIED", async () => {
    const canvas = createCanvas(1200, 900);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 1200, 900);
    ctx.fillStyle = "#1a3a6a";
    for (let i = 0; i < 6; i++) ctx.fillRect(100, 100 + i * 110, 700, 50);
    ctx.beginPath();
    ctx.arc(980, 450, 140, 0, Math.PI * 2);
    ctx.strokeStyle = "#a22";
    ctx.lineWidth = 12;
    ctx.stroke();
    const bars = await analyseDocument(canvas.toBuffer("image/png"), "image/png");
    expect(bars.verdict).toBe("NOT_CREDENTIAL");
    expect(bars.findings[0]?.check).toBe("classify.graphic");
    expect(bars.summary).toMatch(/not a credential: it looks like a picture with no text/i);
    const diploma = await makeDocument({ seed: "e2e-png", docType: "diploma", format: "png", look: "clean" });
    expect((await analyseDocument(diploma.bytes, diploma.contentType)).verdict).toBe("VERIFIED");
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
