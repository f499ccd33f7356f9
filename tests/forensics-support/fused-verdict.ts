// The verdict fusion gives a credential on which everything else was read and ran cleanly: what a
// check's findings alone make of it (SUSPECT, VERIFIED…), for the tests that pin a finding's weight.
import { fuse } from "@/lib/forensics/pipeline/fuse";
import type { DocType, Finding, Verdict } from "@/lib/forensics/types";

export function verdictOfFindings(findings: Finding[], docType: DocType = "payslip"): Verdict {
  return fuse({
    isCredential: true,
    classificationConfidence: 0.9,
    tooPoor: false,
    checksRun: 5,
    checksFailed: 0,
    docType,
    somethingRead: true,
    fieldsRead: true,
    findings,
  }).verdict;
}
