import { escapeHtml } from "./escape-html";
import type { MailMessage } from "./send-mail";

export function magicLinkMail(to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: "Your Credence sign-in link",
    logLink: link,
    text: [
      "Sign in to Credence by opening this link:",
      "",
      link,
      "",
      `It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
    ].join("\n"),
    html: [
      `<p>Sign in to Credence by opening this link:</p>`,
      `<p><a href="${escapeHtml(link)}">Sign in to Credence</a></p>`,
      `<p>It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`,
    ].join("\n"),
  };
}
