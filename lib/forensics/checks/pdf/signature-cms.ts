// The CMS (PKCS #7) blob in a PDF signature: does its signature value verify with the signer's
// certificate over the signed attributes (and their message digest over the signed bytes), and does
// that certificate lead, through the certificates the file carries, to a trusted root? All offline:
// the roots are Node's bundled Mozilla CA list unless the caller gives others; nothing is fetched,
// so revocation is not checked.
import { X509Certificate } from "node:crypto";
import { rootCertificates } from "node:tls";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

export interface CmsVerification {
  /** The signature value over the signed attributes and content, checked with the signer's key. */
  signature: "valid" | "invalid" | "not_checked";
  /** Subject of the signer's certificate (its common name or organisation). */
  signer: string | null;
  /**
   * trusted: the certificates lead to one of the trusted roots; untrusted: they end at a
   * certificate no trusted root issued (self-signed, or a private CA); null when not checked.
   */
  chain: "trusted" | "untrusted" | null;
  /** Why the signature could not be checked, or why it failed. */
  problem: string | null;
}

let bundledRoots: X509Certificate[] | null = null;
function defaultRoots(): X509Certificate[] {
  bundledRoots ??= rootCertificates.flatMap((pem) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
  return bundledRoots;
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * `signedBytes` is what the /ByteRange covers. Detached signatures (adbe.pkcs7.detached,
 * ETSI.CAdES.detached) sign those bytes; adbe.pkcs7.sha1 embeds their SHA-1 digest as content.
 */
export async function verifyCms(
  der: Uint8Array,
  signedBytes: Uint8Array,
  roots: readonly string[] | null = null,
): Promise<CmsVerification> {
  let signed: pkijs.SignedData;
  try {
    const asn1 = asn1js.fromBER(toArrayBuffer(der));
    if (asn1.offset === -1) throw new Error("not DER");
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    signed = new pkijs.SignedData({ schema: info.content });
  } catch (error) {
    return notChecked(`the signature value is not a CMS SignedData structure (${(error as Error).message})`);
  }
  const embedded = signed.encapContentInfo?.eContent !== undefined;
  let signerCertificate: pkijs.Certificate | null = null;
  let signature: CmsVerification["signature"];
  try {
    const result = await signed.verify({
      signer: 0,
      ...(embedded ? {} : { data: toArrayBuffer(signedBytes) }),
      checkChain: false,
      extendedMode: true,
    });
    signerCertificate = result.signerCertificate ?? null;
    signature = result.signatureVerified ? "valid" : "invalid";
  } catch (error) {
    const result = error as {
      signatureVerified?: boolean | null;
      signerCertificate?: pkijs.Certificate;
      message?: string;
    };
    signerCertificate = result.signerCertificate ?? null;
    if (result.signatureVerified === false) signature = "invalid";
    else return notChecked(`the signature could not be verified (${String(result.message ?? error).slice(0, 120)})`);
  }
  if (!signerCertificate) return notChecked("the signer's certificate is not in the file");
  const certificates = (signed.certificates ?? []).flatMap((c) => (c instanceof pkijs.Certificate ? [toX509(c)] : []));
  const signer = toX509(signerCertificate);
  return {
    signature,
    signer: subjectName(signer),
    chain: chainTrust(signer, certificates, roots ? roots.map((pem) => new X509Certificate(pem)) : defaultRoots()),
    problem: signature === "invalid" ? "the signature value does not verify with the signer's certificate" : null,
  };
}

function notChecked(problem: string): CmsVerification {
  return { signature: "not_checked", signer: null, chain: null, problem };
}

const toX509 = (c: pkijs.Certificate) => new X509Certificate(Buffer.from(c.toSchema().toBER(false)));

const issuedBy = (cert: X509Certificate, issuer: X509Certificate) => {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
};

/** Walks issuer links through the file's certificates; trusted when a root vouches for a link. */
function chainTrust(
  signer: X509Certificate,
  carried: X509Certificate[],
  roots: X509Certificate[],
): "trusted" | "untrusted" {
  let current = signer;
  for (let depth = 0; depth < 10; depth++) {
    if (roots.some((root) => root.fingerprint256 === current.fingerprint256 || issuedBy(current, root)))
      return "trusted";
    const next = carried.find((c) => c.fingerprint256 !== current.fingerprint256 && issuedBy(current, c));
    if (!next) return "untrusted";
    current = next;
  }
  return "untrusted";
}

function subjectName(cert: X509Certificate): string {
  const fields = Object.fromEntries(
    cert.subject.split("\n").map((line) => {
      const at = line.indexOf("=");
      // Node escapes the separators inside a value ("Registrar\, University").
      return [line.slice(0, at), line.slice(at + 1).replace(/\\(.)/g, "$1")];
    }),
  );
  return fields.CN ?? fields.O ?? cert.subject.replace(/\n/g, ", ");
}
