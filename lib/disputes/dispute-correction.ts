// The mark an upheld dispute leaves in a verification's report (resolve-dispute.ts), and the sentence
// every surface shows for it: the result and share pages, the PDF report. The API and webhooks carry
// it as `report.dispute_correction`.
import type { DisputeCorrection } from "../verifications/update-verdict";

export function disputeCorrectionOf(report: unknown): DisputeCorrection | null {
  const mark = (report as { dispute_correction?: DisputeCorrection } | null)?.dispute_correction;
  return mark && typeof mark.corrected_verdict === "string" ? mark : null;
}

export function correctionText(mark: DisputeCorrection): string {
  return (
    `Corrected after review on ${mark.corrected_at.slice(0, 10)}: an administrator upheld a dispute of the ` +
    `automated verdict ${mark.original_verdict}.`
  );
}
