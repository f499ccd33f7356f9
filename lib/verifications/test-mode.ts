// Test mode: deterministic, free, no analysis. The verdict comes from the last byte of
// sha256(document) mod 4, or from a leading "credence-test:<VERDICT>[:<doc_type>]" in the
// document bytes, so integrators can trigger every verdict and event on purpose.
import { DOC_TYPES, VERDICTS, type DocType, type Verdict } from "../forensics/types";

const BUCKETS: Verdict[] = ["VERIFIED", "SUSPECT", "REJECTED", "VERIFIED SAMPLE"];

export const TEST_CONFIDENCE: Record<Verdict, number> = {
  VERIFIED: 0.97,
  SUSPECT: 0.55,
  REJECTED: 0.93,
  NOT_CREDENTIAL: 0.9,
  MANUAL_REVIEW: 0.5,
  "VERIFIED SAMPLE": 0.62,
};

const TRIGGER = "credence-test:";

export interface TestModeResult {
  verdict: Verdict;
  confidence: number;
  docType: DocType;
  triggered: boolean;
}

export function testModeVerdict(bytes: Uint8Array, sha256Hex: string): TestModeResult {
  const head = new TextDecoder().decode(bytes.subarray(0, 64));
  if (head.startsWith(TRIGGER)) {
    const [verdictText, docTypeText] = head
      .slice(TRIGGER.length)
      .split(/[\r\n]/)[0]
      .split(":");
    const verdict = VERDICTS.find((v) => v === verdictText.trim());
    const docType = DOC_TYPES.find((d) => d === docTypeText?.trim()) ?? "other";
    if (verdict) return { verdict, confidence: TEST_CONFIDENCE[verdict], docType, triggered: true };
  }
  const lastByte = Number.parseInt(sha256Hex.slice(-2), 16);
  const verdict = BUCKETS[lastByte % 4];
  return { verdict, confidence: TEST_CONFIDENCE[verdict], docType: "other", triggered: false };
}
