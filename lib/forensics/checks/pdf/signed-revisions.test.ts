import { describe, expect, it } from "vitest";
import type { Finding } from "../../types";
import type { Revision } from "./revisions";
import type { SignatureCheck } from "./signatures";
import { weighSignedRevisions } from "./signed-revisions";

// An e-signature platform's file: the original (0), the signer's stamp added to the page (1), the
// signature applied with its appearance (2, signed up to byte 3000), then an edit after signing (3).
const revisions: Revision[] = [
  { index: 0, start: 0, end: 1000 },
  { index: 1, start: 1000, end: 2000 },
  { index: 2, start: 2000, end: 3000 },
  { index: 3, start: 3000, end: 3500 },
] as Revision[];

const update = (revision: number, severity: Finding["severity"], content: boolean): Finding => ({
  check: "pdf.incremental_update",
  severity,
  score: severity === "medium" ? 0.45 : 0.4,
  message: `Revision ${revision} changed page 1.`,
  page: 1,
  region: null,
  evidence: { revision, page_content_changed: content },
});

const findings = [update(1, "medium", true), update(2, "medium", false), update(3, "medium", true)];

const signature = (chain: "trusted" | "untrusted", value: "valid" | "invalid" = "valid"): SignatureCheck => ({
  offset: 2100,
  byteRange: [0, 2200, 2300, 700],
  coveredTo: 3000,
  subFilter: "ETSI.CAdES.detached",
  digest: "matches",
  digestAlgorithm: "sha256",
  problem: null,
  placeholder: false,
  cms: { signature: value, signer: "Registrar", chain, problem: null },
});

const severities = (list: Finding[]) => list.map((f) => f.severity);

describe("revisions a valid signature accounts for", () => {
  it("counts revisions before a trusted valid signature as signed; only the change after it stays", () => {
    const weighed = weighSignedRevisions(findings, [signature("trusted")], revisions);
    expect(severities(weighed)).toEqual(["info", "info", "medium"]);
    expect(weighed[0]!.evidence).toMatchObject({ covered_by_signature: true });
  });

  it("twin: an untrusted signer vouches only for its own appearance, not for content added before", () => {
    const weighed = weighSignedRevisions(findings, [signature("untrusted")], revisions);
    expect(severities(weighed)).toEqual(["medium", "info", "medium"]);
    expect(weighed[1]!.evidence).toMatchObject({ signing_revision: true });
  });

  it("twin: a signature that does not verify accounts for nothing", () => {
    expect(severities(weighSignedRevisions(findings, [signature("trusted", "invalid")], revisions))).toEqual([
      "medium",
      "medium",
      "medium",
    ]);
  });
});
