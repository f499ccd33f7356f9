// Revisions a valid signature accounts for. E-signature platforms append revisions as they work
// (the signer's stamp added to the page, the signature field and its appearance, the signature
// itself): a revision saved before a signature that verifies, from a certificate a trusted root
// issued, is part of what the signer signed; and the revision that applied a verifying signature,
// when it changed only annotations (the signature's appearance), is the act of signing. Only what
// comes after the last signature is left to the revision findings (and to pdf.signature_modified).
import type { Finding } from "../../types";
import type { Revision } from "./revisions";
import type { SignatureCheck } from "./signatures";

const REVISION_CHECKS = new Set(["pdf.incremental_update", "pdf.late_font"]);

export function weighSignedRevisions(findings: Finding[], checks: SignatureCheck[], revisions: Revision[]): Finding[] {
  const valid = checks.filter(
    (c) => !c.problem && c.digest !== "mismatch" && c.cms?.signature === "valid" && c.coveredTo !== null,
  );
  if (valid.length === 0) return findings;
  const trusted = valid.filter((c) => c.cms?.chain === "trusted");
  const trustedTo = Math.max(0, ...trusted.map((c) => c.coveredTo as number));
  const trustedSigner = trusted.at(-1)?.cms?.signer ?? "a trusted signer";
  // The signature covers its own revision up to that revision's %%EOF (an end-of-line may follow).
  const signing = (end: number) => valid.find((c) => Math.abs(end - (c.coveredTo as number)) <= 2);
  return findings.map((f) => {
    if (!REVISION_CHECKS.has(f.check) || f.severity === "info") return f;
    const revision = revisions[Number(f.evidence?.revision)];
    if (!revision) return f;
    if (revision.end <= trustedTo + 2) {
      return {
        ...f,
        severity: "info",
        score: 0,
        message: `${f.message} A later valid signature by ${trustedSigner} covers this revision: it is part of what was signed.`,
        evidence: { ...f.evidence, covered_by_signature: true },
      };
    }
    const sig = signing(revision.end);
    if (sig && f.check === "pdf.incremental_update" && f.evidence?.page_content_changed !== true) {
      return {
        ...f,
        severity: "info",
        score: 0,
        message: `${f.message} It is the revision that applied a signature which verifies: the signature's appearance.`,
        evidence: { ...f.evidence, signing_revision: true },
      };
    }
    return f;
  });
}
