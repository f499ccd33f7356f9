import { PDFString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { latin1, scanRevisions } from "./revisions";
import { check } from "./index";
import { contentsOf, inspectSignatures, signatureFindings } from "./signatures";
import { contextFor, makeCertificate } from "@/tests/forensics-support/pdf/fixtures";
import { saveIncrementally } from "@/tests/forensics-support/pdf/save-incrementally";
import { appendSignature } from "@/tests/forensics-support/pdf/sign";
import { type Identity, appendCmsSignature, makeIdentity } from "@/tests/forensics-support/pdf/sign-cms";

async function findings(bytes: Uint8Array) {
  const text = latin1(bytes);
  return signatureFindings(bytes, await inspectSignatures(bytes, text), scanRevisions(text).revisions);
}

describe("the signature value in the /Contents hole", () => {
  // A SEQUENCE holding an OCTET STRING, as the tail of a CMS structure is; the padding follows it.
  const der = (lastByte: string) => `3006040401ff02${lastByte}`;

  it("keeps a final zero byte that belongs to the value (its length says so)", () => {
    expect(contentsOf(`${der("00")}${"0".repeat(64)}`).toString("hex")).toBe(der("00"));
  });

  it("twin: a value ending in another byte is cut at the same place", () => {
    expect(contentsOf(`${der("7a")}${"0".repeat(64)}`).toString("hex")).toBe(der("7a"));
  });

  it("reads long-form lengths", () => {
    const value = `3081${(200).toString(16)}${"ab".repeat(200)}`;
    expect(contentsOf(`${value}0000`).toString("hex")).toBe(value);
  });
});

describe("signatures", () => {
  it("reports an intact signature covering the whole file as information, and says what was not checked", async () => {
    const signed = appendSignature(await makeCertificate());
    const result = await findings(signed);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ check: "pdf.signature", severity: "info", score: 0 });
    expect(result[0].evidence).toMatchObject({
      content_digest: "matches",
      digest_algorithm: "sha256",
      certificate_verified: false,
    });
    expect(result[0].message).toMatch(/signature value was not checked/);
  });

  it("flags a revision appended after signing", async () => {
    const signed = appendSignature(await makeCertificate());
    const edited = await saveIncrementally(signed, async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.getPage(0).drawText("Distinction", { x: 60, y: 500, size: 12, font });
    });
    const result = await findings(edited);
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
    const result = await findings(twice);
    expect(result).toHaveLength(2);
    expect(result.every((f) => f.severity === "info")).toBe(true);
  });

  it("flags signed bytes that were altered in place (digest mismatch)", async () => {
    const signed = appendSignature(await makeCertificate(), { tamperDigest: true });
    expect((await findings(signed))[0]).toMatchObject({ check: "pdf.signature_broken", severity: "critical" });
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
    expect((await findings(new Uint8Array(broken)))[0]).toMatchObject({
      check: "pdf.signature_broken",
      severity: "high",
    });
  });

  it("treats an unfilled ByteRange placeholder as an unfinished signature, not an attack", async () => {
    const bytes = new Uint8Array(
      Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Sig /ByteRange [ /********** ] >>\nendobj\n", "latin1"),
    );
    expect((await findings(bytes))[0]).toMatchObject({ check: "pdf.signature_broken", severity: "low" });
  });

  it("says nothing about an unsigned document", async () => {
    expect(await findings(await makeCertificate())).toEqual([]);
  });
});

describe("signatures with a real CMS signature value", () => {
  const roots = (identity: Identity) => [identity.pem];

  it("vouches for a valid signature over every byte from a certificate a trusted root issued", async () => {
    const identity = await makeIdentity();
    const signed = await appendCmsSignature(await makeCertificate(), identity);
    const text = latin1(signed);
    const result = signatureFindings(signed, await inspectSignatures(signed, text, roots(identity)), []);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ check: "pdf.signature", severity: "info" });
    expect(result[0]!.evidence).toMatchObject({
      content_digest: "matches",
      signature_value: "valid",
      signer: "Registrar, University of Example",
      certificate_chain: "trusted",
      certificate_verified: true,
      vouches: true,
    });
    expect(result[0]!.message).toMatch(/trusted root/);
  });

  it("twin: the same signature from a certificate no trusted root issued verifies but does not vouch", async () => {
    const identity = await makeIdentity();
    const signed = await appendCmsSignature(await makeCertificate(), identity);
    const result = await findings(signed);
    expect(result[0]!.evidence).toMatchObject({
      signature_value: "valid",
      certificate_chain: "untrusted",
      vouches: false,
    });
    expect(result[0]!.message).toMatch(/does not lead to a trusted root/);
  });

  it("twin: a signature whose value does not verify is broken", async () => {
    const identity = await makeIdentity();
    const other = await makeIdentity("Someone Else");
    // Signed by one key, but carrying another signer's certificate: the value cannot verify.
    const signed = await appendCmsSignature(await makeCertificate(), { ...identity, certificate: other.certificate });
    const result = signatureFindings(signed, await inspectSignatures(signed, latin1(signed), roots(identity)), []);
    expect(result[0]).toMatchObject({ check: "pdf.signature_broken", severity: "critical" });
    expect(result[0]!.evidence).toMatchObject({ signature_value: "invalid" });
  });
});
