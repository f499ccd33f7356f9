// Digital signatures: a signature dictionary's /ByteRange names the bytes it signs (everything but
// the hole holding the signature itself). Bytes after the signed range were added after signing;
// a range that does not describe the file is broken. When the CMS blob carries a messageDigest
// attribute we also recompute the digest of the signed bytes; the signature value and the
// certificate chain are checked by signature-cms.ts (offline: revocation is not checked).
import { createHash } from "node:crypto";
import type { Finding } from "../../types";
import type { Revision } from "./revisions";
import { type CmsVerification, verifyCms } from "./signature-cms";

export interface SignatureCheck {
  offset: number;
  byteRange: number[] | null;
  coveredTo: number | null;
  subFilter: string | null;
  digest: "matches" | "mismatch" | "not_checked";
  digestAlgorithm: string | null;
  problem: string | null;
  /** The signature dictionary was prepared but never filled in (no offsets at all). */
  placeholder: boolean;
  /** The CMS signature value and certificate chain (null when the byte range is broken). */
  cms: CmsVerification | null;
}

/** Trust anchors for signer certificates: PEM roots, or null for Node's bundled Mozilla list. */
export type TrustedRoots = readonly string[] | null;

const BYTE_RANGE = /\/ByteRange\s*\[([^\]]{0,200})\]/g;
const MESSAGE_DIGEST_OID = Buffer.from("06092a864886f70d010904", "hex");

export async function inspectSignatures(
  bytes: Uint8Array,
  text: string,
  roots: TrustedRoots = null,
): Promise<SignatureCheck[]> {
  const out: SignatureCheck[] = [];
  for (const match of text.matchAll(BYTE_RANGE)) {
    const offset = match.index ?? 0;
    const window = text.slice(Math.max(0, offset - 1500), offset + 1500);
    const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(window)?.[1] ?? null;
    const parts = match[1].trim().split(/\s+/);
    const numbers = parts.map(Number);
    const base = {
      offset,
      subFilter,
      digest: "not_checked" as const,
      digestAlgorithm: null,
      placeholder: !/\d/.test(match[1]),
      cms: null,
    };
    if (parts.length !== 4 || numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) {
      out.push({
        ...base,
        byteRange: null,
        coveredTo: null,
        problem: `ByteRange is not four offsets: [${match[1].trim().slice(0, 60)}]`,
      });
      continue;
    }
    const [a, b, c, d] = numbers;
    const problem =
      a !== 0
        ? "the signed range does not start at the beginning of the file"
        : c <= b
          ? "the second signed range starts before the first ends"
          : c + d > bytes.length
            ? `the signed range ends at byte ${c + d}, beyond the end of the file (${bytes.length} bytes): the file was truncated or rewritten`
            : !/^<[0-9A-Fa-f\s]*>$/.test(text.slice(b, c))
              ? "the gap left for the signature does not hold the signature value: bytes were shifted after signing"
              : null;
    const check: SignatureCheck = { ...base, byteRange: numbers, coveredTo: c + d, problem };
    if (!problem) {
      const der = contentsOf(text.slice(b + 1, c - 1));
      Object.assign(check, checkDigest(bytes, der, numbers));
      const signed = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
      check.cms = await verifyCms(der, signed, roots);
    }
    out.push(check);
  }
  return out;
}

/**
 * The signature value from the /Contents hole: hex, padded with zeros after the DER. The value ends
 * where its own length header says, not at the last non-zero byte: a signature whose final byte is
 * zero (one in 256) would otherwise lose it.
 */
export function contentsOf(hex: string): Buffer {
  const bytes = Buffer.from(hex.replace(/\s+/g, ""), "hex");
  if (bytes.length < 2) return bytes;
  const first = bytes[1]!;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const octets = first & 0x7f;
  // Indefinite length (BER): the parser finds the end-of-contents marker itself.
  if (octets === 0 || octets > 4 || bytes.length < 2 + octets) return bytes;
  let length = 0;
  for (let i = 0; i < octets; i++) length = length * 256 + bytes[2 + i]!;
  return bytes.subarray(0, Math.min(bytes.length, 2 + octets + length));
}

function checkDigest(
  bytes: Uint8Array,
  der: Buffer,
  [a, b, c, d]: number[],
): Pick<SignatureCheck, "digest" | "digestAlgorithm"> {
  const at = der.indexOf(MESSAGE_DIGEST_OID);
  if (at < 0) return { digest: "not_checked", digestAlgorithm: null };
  // OID, then SET (0x31 len) holding one OCTET STRING (0x04 len digest).
  let p = at + MESSAGE_DIGEST_OID.length;
  if (der[p] !== 0x31) return { digest: "not_checked", digestAlgorithm: null };
  p += 2;
  if (der[p] !== 0x04) return { digest: "not_checked", digestAlgorithm: null };
  const length = der[p + 1];
  const expected = der.subarray(p + 2, p + 2 + length);
  const algorithms: Record<number, string> = { 20: "sha1", 32: "sha256", 48: "sha384", 64: "sha512" };
  const algorithm = algorithms[length];
  if (!algorithm || expected.length !== length) return { digest: "not_checked", digestAlgorithm: null };
  const hash = createHash(algorithm);
  hash.update(bytes.subarray(a, a + b));
  hash.update(bytes.subarray(c, c + d));
  return { digest: hash.digest().equals(expected) ? "matches" : "mismatch", digestAlgorithm: algorithm };
}

/**
 * `contentChangedAfter(offset)` says whether a revision ending after `offset` changed what a page
 * shows; when it is known and false, the unsigned additions are annotations or form entries,
 * which a signature's permissions may allow.
 */
export function signatureFindings(
  bytes: Uint8Array,
  checks: SignatureCheck[],
  revisions: Revision[],
  contentChangedAfter?: (offset: number) => boolean,
): Finding[] {
  const findings: Finding[] = [];
  const lastCovered = Math.max(0, ...checks.map((c) => (c.problem ? 0 : (c.coveredTo ?? 0))));
  checks.forEach((sig, i) => {
    const label = checks.length > 1 ? `Signature ${i + 1}` : "The digital signature";
    const evidence = {
      byte_range: sig.byteRange,
      covered_to: sig.coveredTo,
      file_length: bytes.length,
      sub_filter: sig.subFilter,
      content_digest: sig.digest,
      digest_algorithm: sig.digestAlgorithm,
      signature_value: sig.cms?.signature ?? "not_checked",
      signer: sig.cms?.signer ?? null,
      certificate_chain: sig.cms?.chain ?? null,
      certificate_verified: sig.cms?.chain === "trusted",
    };
    const trust = trustNote(sig.cms);
    if (sig.problem) {
      const placeholder = sig.placeholder;
      findings.push({
        check: "pdf.signature_broken",
        severity: placeholder ? "low" : "high",
        score: placeholder ? 0.2 : 0.8,
        message: placeholder
          ? `${label} was prepared but never completed (${sig.problem}).`
          : `${label} is broken: ${sig.problem}.`,
        page: null,
        region: null,
        evidence,
      });
      return;
    }
    if (sig.digest === "mismatch") {
      findings.push({
        check: "pdf.signature_broken",
        severity: "critical",
        score: 0.95,
        message: `${label} does not match the bytes it claims to sign (${sig.digestAlgorithm} digest differs): the signed part of the file was altered after signing.`,
        page: null,
        region: null,
        evidence,
      });
      return;
    }
    if (sig.cms?.signature === "invalid") {
      findings.push({
        check: "pdf.signature_broken",
        severity: "critical",
        score: 0.95,
        message: `${label} does not verify: its signature value does not match the signed data with the signer's certificate${sig.cms.signer ? ` (${sig.cms.signer})` : ""}, so the signed part of the file or the signature was altered.`,
        page: null,
        region: null,
        evidence,
      });
      return;
    }
    const appended = Buffer.from(bytes.subarray(sig.coveredTo!))
      .toString("latin1")
      .replace(/[\s\0]+/g, "").length;
    const digestNote =
      sig.digest === "matches"
        ? `its ${sig.digestAlgorithm} content digest matches`
        : "its content digest could not be checked";
    if (appended === 0) {
      // A valid signature from a certificate a trusted root issued, over every byte: the document is
      // as its signer made it, which is evidence of authenticity (fusion weighs other findings against it).
      const vouches = sig.digest === "matches" && sig.cms?.signature === "valid" && sig.cms.chain === "trusted";
      findings.push({
        check: "pdf.signature",
        severity: "info",
        score: 0,
        message: `${label} covers the whole file and ${digestNote}. ${trust}`,
        page: null,
        region: null,
        evidence: { ...evidence, vouches },
      });
      return;
    }
    const later = revisions.filter((r) => r.end > sig.coveredTo!).length;
    const resigned = lastCovered >= lastNonBlank(bytes);
    const onlyAnnotations = contentChangedAfter ? !contentChangedAfter(sig.coveredTo!) : false;
    const [severity, score]: [Finding["severity"], number] = resigned
      ? ["info", 0]
      : onlyAnnotations
        ? ["medium", 0.45]
        : ["high", 0.8];
    findings.push({
      check: "pdf.signature_modified",
      severity,
      score,
      message: resigned
        ? `${label} covers the file up to byte ${sig.coveredTo}; the ${later} later revision(s) were themselves signed afterwards (${digestNote}). ${trust}`
        : `${label} covers only the first ${sig.coveredTo} of ${bytes.length} bytes: ${appended} bytes (${later} revision(s)) were added after signing and are not covered by any signature${onlyAnnotations ? "; they change no page content, only annotations, form entries or metadata (which the signer may have allowed)" : ""}.`,
      page: null,
      region: null,
      evidence: {
        ...evidence,
        appended_bytes: appended,
        later_revisions: later,
        page_content_changed_after_signing: contentChangedAfter ? !onlyAnnotations : null,
      },
    });
  });
  return findings;
}

function trustNote(cms: CmsVerification | null): string {
  if (!cms || cms.signature === "not_checked")
    return `Its signature value was not checked${cms?.problem ? ` (${cms.problem})` : ""}; revocation is never checked.`;
  const who = cms.signer ? ` by ${cms.signer}` : "";
  return cms.chain === "trusted"
    ? `It was signed${who} with a certificate that leads to a trusted root, and its signature value verifies (revocation is not checked).`
    : `Its signature value verifies, but the certificate${who} does not lead to a trusted root (self-signed or a private authority), so it does not prove who signed.`;
}

function lastNonBlank(bytes: Uint8Array): number {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] <= 0x20 || bytes[end - 1] === 0)) end -= 1;
  return end;
}
