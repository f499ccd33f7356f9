// The owner's e-mail when an admin resolves their dispute.
import type { Dispute } from "../db";
import { escapeHtml } from "../mail/escape-html";
import type { MailMessage } from "../mail/send-mail";
import { fromDbVerdict } from "../verifications/verdicts";

const OUTCOME: Record<string, string> = {
  upheld: "upheld: the verdict was corrected",
  rejected: "rejected: the verdict stands",
  withdrawn: "closed as withdrawn",
};

export function disputeMail(input: {
  to: string;
  dispute: Dispute;
  fileName: string | null;
  resultUrl: string;
}): MailMessage {
  const { dispute } = input;
  const document = input.fileName ? `"${input.fileName}"` : "your document";
  const outcome = OUTCOME[dispute.status] ?? dispute.status;
  const correction =
    dispute.status === "upheld" && dispute.originalVerdict && dispute.correctedVerdict
      ? `The verdict changed from ${fromDbVerdict(dispute.originalVerdict)} to ${fromDbVerdict(dispute.correctedVerdict)}, and shows as corrected after review wherever the verification is shown.`
      : null;
  const text = [
    `Your dispute of the verdict on ${document} was ${outcome}.`,
    ...(correction ? ["", correction] : []),
    ...(dispute.resolutionNote ? ["", "The reviewer's note:", dispute.resolutionNote] : []),
    "",
    `See the verification: ${input.resultUrl}`,
  ].join("\n");
  const html = [
    `<p>Your dispute of the verdict on ${escapeHtml(document)} was <strong>${escapeHtml(outcome)}</strong>.</p>`,
    correction ? `<p>${escapeHtml(correction)}</p>` : "",
    dispute.resolutionNote ? `<p><strong>The reviewer's note:</strong> ${escapeHtml(dispute.resolutionNote)}</p>` : "",
    `<p><a href="${escapeHtml(input.resultUrl)}">See the verification</a></p>`,
  ].join("\n");
  return { to: input.to, subject: `Your dispute was ${dispute.status}`, text, html };
}
