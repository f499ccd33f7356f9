// The e-mail to the institution (HTML and text): who it is addressed to, the document's fields and
// Credence's verdict, the first page attached as an image, and the link to the institution page.
// Nothing of the requester's account is in it: the document speaks for itself.
import { escapeHtml } from "../mail/escape-html";
import type { MailAttachment, MailMessage } from "../mail/send-mail";
import type { institutionDocument } from "./serialize";

type InstitutionDocument = ReturnType<typeof institutionDocument>;

export interface ApprovalMailInput {
  to: string;
  institutionName: string;
  message: string | null;
  document: InstitutionDocument;
  link: string;
  expiresAt: Date;
  attachment: MailAttachment | null;
}

export const fieldLabel = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
const docLabel = (t: string | null) => (t ?? "document").replace(/_/g, " ");

export function approvalMail(input: ApprovalMailInput): MailMessage {
  const { document: doc } = input;
  const fields = Object.entries(doc.fields);
  const verdict = doc.verdict
    ? `${doc.verdict} (confidence ${Math.round((doc.confidence ?? 0) * 100)} %)`
    : "no verdict";
  const until = input.expiresAt.toISOString().slice(0, 10);
  const subject = `Please confirm a ${docLabel(doc.doc_type)} issued by ${input.institutionName}`;
  const text = [
    `To ${input.institutionName},`,
    "",
    `Someone presented the ${docLabel(doc.doc_type)} below as issued by your institution and asked Credence, a`,
    "document verification service, to request your confirmation. One click tells them whether you issued it.",
    "",
    ...(input.message ? ["Their note:", input.message, ""] : []),
    "What the document says:",
    ...(fields.length > 0
      ? fields.map(([k, v]) => `  ${fieldLabel(k)}: ${String(v)}`)
      : ["  (no fields could be read)"]),
    "",
    `Credence's forensic analysis: ${verdict}.`,
    ...(doc.summary ? [doc.summary] : []),
    "",
    "See the document and confirm or dispute it here (no account needed):",
    input.link,
    "",
    `The link works once and until ${until}. If this e-mail reached the wrong person, ignore it.`,
    input.attachment ? "The document's first page is attached." : "",
  ].join("\n");
  const rows = fields
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(fieldLabel(k))}</th><td>${escapeHtml(String(v))}</td></tr>`,
    )
    .join("");
  const html = [
    `<p>To ${escapeHtml(input.institutionName)},</p>`,
    `<p>Someone presented the ${escapeHtml(docLabel(doc.doc_type))} below as issued by your institution and asked Credence, a document verification service, to request your confirmation. One click tells them whether you issued it.</p>`,
    input.message ? `<p><strong>Their note:</strong> ${escapeHtml(input.message)}</p>` : "",
    `<table>${rows || "<tr><td>(no fields could be read)</td></tr>"}</table>`,
    `<p>Credence's forensic analysis: <strong>${escapeHtml(verdict)}</strong>.${doc.summary ? ` ${escapeHtml(doc.summary)}` : ""}</p>`,
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">Review and confirm or dispute</a></p>`,
    `<p style="color:#555">No account needed. The link works once and until ${until}. If this e-mail reached the wrong person, ignore it.${input.attachment ? " The document's first page is attached." : ""}</p>`,
  ].join("\n");
  return {
    to: input.to,
    subject,
    text,
    html,
    // No logLink: the link's secret is never written to a log (the outbox file holds the mail).
    attachments: input.attachment ? [input.attachment] : undefined,
  };
}

/** The owner learns the institution's answer. */
export function answerMail(input: {
  to: string;
  statusText: string;
  institutionName: string;
  comment: string | null;
  responderName: string | null;
  resultUrl: string;
}): MailMessage {
  const who = input.responderName ? ` (${input.responderName})` : "";
  const text = [
    `${input.institutionName}${who} answered your request: ${input.statusText}.`,
    ...(input.comment ? ["", "Their comment:", input.comment] : []),
    "",
    `See the verification: ${input.resultUrl}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(input.institutionName + who)} answered your request: <strong>${escapeHtml(input.statusText)}</strong>.</p>`,
    input.comment ? `<p><strong>Their comment:</strong> ${escapeHtml(input.comment)}</p>` : "",
    `<p><a href="${escapeHtml(input.resultUrl)}">See the verification</a></p>`,
  ].join("\n");
  return { to: input.to, subject: `Issuer answer: ${input.statusText}`, text, html };
}
