// Outgoing e-mail. With SMTP_URL set, nodemailer delivers to that server; without it the message
// is written as an .eml file under <data dir>/mail/ and logged, so sign-in works on a laptop with
// no mail server (open the file, or copy the link from the log).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { loadEnv } from "../env";
import { newId } from "../ids";
import { log } from "../log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Logged with the file path when no SMTP server is configured (the magic link itself). */
  logLink?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export type MailDelivery = { via: "smtp"; messageId: string } | { via: "file"; file: string };

export async function sendMail(message: MailMessage): Promise<MailDelivery> {
  const env = loadEnv();
  const envelope = {
    from: env.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  };
  if (env.SMTP_URL) {
    const info = await smtpTransport(env.SMTP_URL).sendMail(envelope);
    return { via: "smtp", messageId: info.messageId };
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(envelope);
  const dir = path.resolve(env.CREDENCE_DATA_DIR, "mail");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${newId("request").slice(4, 14)}.eml`);
  await writeFile(file, built.message as Buffer, { mode: 0o600 });
  log.info("mail written to file (SMTP_URL is not set)", {
    to: message.to,
    subject: message.subject,
    file,
    link: message.logLink,
  });
  return { via: "file", file };
}

// One pooled transport per URL: tests point SMTP_URL at a fresh local receiver per file.
const transports = new Map<string, nodemailer.Transporter>();

function smtpTransport(url: string): nodemailer.Transporter {
  let transport = transports.get(url);
  if (!transport) {
    const local = /^smtp:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url);
    // A local receiver without a certificate is a development setup; remote servers must do TLS properly.
    transport = nodemailer.createTransport(url, local ? { ignoreTLS: true } : {});
    transports.set(url, transport);
  }
  return transport;
}
