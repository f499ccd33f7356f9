// Signed PDFs (adbe.pkcs7.detached, a CMS SignedData over the /ByteRange) and the broken ones
// forgers leave: the text was edited after signing, the signature dictionary kept, so the
// digest of the signed bytes no longer matches the one the signer signed.
import { createHash, createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, PDFArray } from "pdf-lib";
import type { Layout } from "../layout";
import { FontSet, applyInfo, drawElements, hexColor } from "../render/pdf";
import type { Rng } from "../rng";
import { randomPerson } from "../vocabulary";
import type { Target } from "./targets";
import type { PdfInfo } from "../render/pdf-xmp";

const CONTENTS_HEX = 8192;
// How pdf-lib writes the placeholder array; replaced in place, padded to the same length.
const BYTE_RANGE_PLACEHOLDER = "/ByteRange [ 0 /********** /********** /********** ]";

// --- minimal DER -------------------------------------------------------------------------
function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const set = (...c: Buffer[]) => tlv(0x31, ...c);
const ctx = (n: number, ...c: Buffer[]) => tlv(0xa0 + n, ...c);
const int = (n: number | Buffer) =>
  tlv(0x02, typeof n === "number" ? Buffer.from([n]) : n[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), n]) : n);
const nul = () => Buffer.from([0x05, 0x00]);
const octets = (b: Buffer) => tlv(0x04, b);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, "utf8"));
const utcTime = (d: Date) => tlv(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z", "latin1"));
function oid(dotted: string): Buffer {
  const parts = dotted.split(".").map(Number);
  const out: number[] = [(parts[0] as number) * 40 + (parts[1] as number)];
  for (const p of parts.slice(2)) {
    const stack = [p & 0x7f];
    for (let v = p >> 7; v > 0; v >>= 7) stack.unshift(0x80 | (v & 0x7f));
    out.push(...stack);
  }
  return tlv(0x06, Buffer.from(out));
}
const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  sha256WithRSA: "1.2.840.113549.1.1.11",
  rsa: "1.2.840.113549.1.1.1",
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
};

interface Signer {
  key: KeyObject;
  certificate: Buffer;
  issuerAndSerial: Buffer;
}

function makeSigner(rng: Rng, organisation: string, at: Date): Signer {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const name = seq(
    set(seq(oid(OID.commonName), utf8(`${randomPerson(rng).full}`))),
    set(seq(oid(OID.organization), utf8(organisation))),
  );
  const serial = Buffer.from(Array.from({ length: 8 }, () => rng.int(1, 255)));
  const algorithm = seq(oid(OID.sha256WithRSA), nul());
  const tbs = seq(
    ctx(0, int(2)),
    int(serial),
    algorithm,
    name,
    seq(utcTime(new Date(at.getTime() - 86_400_000 * 30)), utcTime(new Date(at.getTime() + 86_400_000 * 730))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = createSign("sha256").update(tbs).sign(privateKey);
  const certificate = seq(tbs, algorithm, tlv(0x03, Buffer.from([0]), signature));
  return { key: privateKey, certificate, issuerAndSerial: seq(name, int(serial)) };
}

/** A detached CMS SignedData whose signed attributes carry `digest` (SHA-256 of the signed byte ranges). */
function cms(signer: Signer, digest: Buffer, at: Date): Buffer {
  const attrs = [
    seq(oid(OID.contentType), set(oid(OID.data))),
    seq(oid(OID.signingTime), set(utcTime(at))),
    seq(oid(OID.messageDigest), set(octets(digest))),
  ];
  // Signed attributes are signed as a SET and stored with an implicit [0] tag.
  const signature = createSign("sha256")
    .update(set(...attrs))
    .sign(signer.key);
  const signerInfo = seq(
    int(1),
    signer.issuerAndSerial,
    seq(oid(OID.sha256), nul()),
    ctx(0, ...attrs),
    seq(oid(OID.rsa), nul()),
    octets(signature),
  );
  const signedData = seq(
    int(1),
    set(seq(oid(OID.sha256), nul())),
    seq(oid(OID.data)),
    ctx(0, signer.certificate),
    set(signerInfo),
  );
  return seq(oid(OID.signedData), ctx(0, signedData));
}

async function placeholderPdf(layout: Layout, info: PdfInfo, signerName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = new FontSet(doc, layout.pdfFonts === "standard");
  for (const p of layout.pages) {
    const page = doc.addPage([layout.width, layout.height]);
    if (layout.background.toLowerCase() !== "#ffffff")
      page.drawRectangle({
        x: 0,
        y: 0,
        width: layout.width,
        height: layout.height,
        color: hexColor(layout.background),
      });
    await drawElements(page, p.elements, fonts, doc);
  }
  applyInfo(doc, info);
  const c = doc.context;
  const byteRange = PDFArray.withContext(c);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of("**********"));
  const sig = c.register(
    c.obj({
      Type: "Sig",
      Filter: "Adobe.PPKLite",
      SubFilter: "adbe.pkcs7.detached",
      ByteRange: byteRange,
      Contents: PDFHexString.of("0".repeat(CONTENTS_HEX)),
      Reason: PDFString.of("Issued and certified by the registrar"),
      M: PDFString.fromDate(info.creationDate),
      Name: PDFString.of(signerName),
    }),
  );
  const first = doc.getPage(0);
  const widget = c.register(
    c.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      Rect: [0, 0, 0, 0],
      V: sig,
      T: PDFString.of("Signature1"),
      F: 132,
      P: first.ref,
    }),
  );
  first.node.set(PDFName.of("Annots"), c.obj([widget]));
  doc.catalog.set(PDFName.of("AcroForm"), c.obj({ SigFlags: 3, Fields: [widget] }));
  return doc.save({ useObjectStreams: false });
}

/** Fills /ByteRange for this file's own layout and returns the ranges' SHA-256 and where /Contents goes. */
function fixByteRange(bytes: Uint8Array): { bytes: Buffer; digest: Buffer; contentsAt: number } {
  const buf = Buffer.from(bytes);
  const text = buf.toString("latin1");
  const at = text.indexOf(BYTE_RANGE_PLACEHOLDER);
  const contentsKey = text.indexOf("/Contents <", at);
  const contentsAt = contentsKey + "/Contents ".length;
  if (at < 0 || contentsKey < 0) throw new Error("signature placeholder not found");
  const contentsEnd = contentsAt + CONTENTS_HEX + 2;
  const ranges = [0, contentsAt, contentsEnd, buf.length - contentsEnd];
  const value = `/ByteRange [${ranges.join(" ")}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, " ");
  buf.write(value, at, "latin1");
  const digest = createHash("sha256").update(buf.subarray(0, contentsAt)).update(buf.subarray(contentsEnd)).digest();
  return { bytes: buf, digest, contentsAt };
}

function insertSignature(bytes: Buffer, contentsAt: number, signature: Buffer): Uint8Array {
  const hex = signature.toString("hex").toUpperCase().padEnd(CONTENTS_HEX, "0");
  if (hex.length > CONTENTS_HEX) throw new Error("signature larger than its placeholder");
  bytes.write(hex, contentsAt + 1, "latin1");
  return new Uint8Array(bytes);
}

/** A validly signed PDF of the layout. */
export async function signedPdf(rng: Rng, layout: Layout, info: PdfInfo, organisation: string): Promise<Uint8Array> {
  const signer = makeSigner(rng, organisation, info.creationDate);
  const fixed = fixByteRange(await placeholderPdf(layout, info, organisation));
  return insertSignature(fixed.bytes, fixed.contentsAt, cms(signer, fixed.digest, info.creationDate));
}

/** The document was signed, then its text edited and the file saved with the old signature kept. */
export async function brokenSignature(rng: Rng, layout: Layout, info: PdfInfo, target: Target): Promise<Uint8Array> {
  const organisation =
    (
      layout.pages[0]?.elements.find((e) => e.kind === "text" && e.field === "institution" && "text" in e) as
        { text?: string } | undefined
    )?.text ?? "Issuer";
  const signer = makeSigner(rng, organisation, info.creationDate);
  const genuine = fixByteRange(await placeholderPdf(layout, info, organisation));
  const pages = layout.pages.map((p, i) =>
    i !== target.page
      ? p
      : {
          elements: p.elements.map((e) => (e === target.element ? { ...target.element, text: target.replacement } : e)),
        },
  );
  const edited = fixByteRange(await placeholderPdf({ ...layout, pages }, info, organisation));
  return insertSignature(edited.bytes, edited.contentsAt, cms(signer, genuine.digest, info.creationDate));
}
