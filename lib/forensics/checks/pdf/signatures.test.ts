import { PDFString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { latin1, scanRevisions } from "./revisions";
import { check } from "./index";
import { inspectSignatures, signatureFindings } from "./signatures";
import { contextFor, makeCertificate } from "@/tests/forensics-support/pdf/fixtures";
import { saveIncrementally } from "@/tests/forensics-support/pdf/save-incrementally";
import { appendSignature } from "@/tests/forensics-support/pdf/sign";

function findings(bytes: Uint8Array) {
  const text = latin1(bytes);
  return signatureFindings(bytes, inspectSignatures(bytes, text), scanRevisions(text).revisions);
}

describe("signatures", () => {
  it("reports an intact signature covering the whole file as information, and says what was not checked", async () => {
    const signed = appendSignature(await makeCertificate());
    const result = findings(signed);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ check: "pdf.signature", severity: "info", score: 0 });
    expect(result[0].evidence).toMatchObject({
      content_digest: "matches",
      digest_algorithm: "sha256",
      certificate_verified: false,
    });
    expect(result[0].message).toMatch(/not verified/);
  });

  it("flags a revision appended after signing", async () => {
    const signed = appendSignature(await makeCertificate());
    const edited = await saveIncrementally(signed, async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.getPage(0).drawText("Distinction", { x: 60, y: 500, size: 12, font });
    });
    const result = findings(edited);
    expect(result[0]).toMatchObject({ check: "pdf.signature_modified", severity: "high" });
    expect(result[0].evidence?.later_revisions).toBe(1);
  });

  it("weighs what was added after signing: page content is high, a comment is medium", async () => {
    const signed = appendSignature(await makeCertificate());
    const drawn = await saveIncrementally(signed, async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.getPage(0).drawText("Distinction", { x: 60, y: 500, size: 12, font });
    });
    const commented = await saveIncrementally(signed, (doc) => {
      const note = doc.context.obj({
        Type: "Annot",
        Subtype: "Text",
        Rect: [480, 780, 500, 800],
        Contents: PDFString.of("seen"),
      } as never);
      doc.getPage(0).node.addAnnot(doc.context.register(note));
    });
    const modified = async (bytes: Uint8Array) =>
      (await check.run(contextFor(bytes), () => {})).find((f) => f.check === "pdf.signature_modified");
    expect(await modified(drawn)).toMatchObject({
      severity: "high",
      evidence: { page_content_changed_after_signing: true },
    });
    expect(await modified(commented)).toMatchObject({
      severity: "medium",
      evidence: { page_content_changed_after_signing: false },
    });
  });

  it("accepts a second signature that covers the first one's later revision", async () => {
    const twice = appendSignature(appendSignature(await makeCertificate()));
    const result = findings(twice);
    expect(result).toHaveLength(2);
    expect(result.every((f) => f.severity === "info")).toBe(true);
  });

  it("flags signed bytes that were altered in place (digest mismatch)", async () => {
    const signed = appendSignature(await makeCertificate(), { tamperDigest: true });
    expect(findings(signed)[0]).toMatchObject({ check: "pdf.signature_broken", severity: "critical" });
  });

  it("flags a ByteRange that does not describe the file", async () => {
    const signed = Buffer.from(appendSignature(await makeCertificate()));
    const text = signed.toString("latin1");
    const broken = Buffer.from(
      text.replace(
        /\/ByteRange \[0 (\d{10})/,
        (_m, b: string) => `/ByteRange [0 ${String(Number(b) - 7).padStart(10, "0")}`,
      ),
      "latin1",
    );
    expect(findings(new Uint8Array(broken))[0]).toMatchObject({ check: "pdf.signature_broken", severity: "high" });
  });

  it("treats an unfilled ByteRange placeholder as an unfinished signature, not an attack", async () => {
    const bytes = new Uint8Array(
      Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Sig /ByteRange [ /********** ] >>\nendobj\n", "latin1"),
    );
    expect(findings(bytes)[0]).toMatchObject({ check: "pdf.signature_broken", severity: "low" });
  });

  it("says nothing about an unsigned document", async () => {
    expect(findings(await makeCertificate())).toEqual([]);
  });
});
