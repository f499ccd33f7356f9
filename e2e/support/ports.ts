/** The e2e server sends mail here; the specs run a real SMTP receiver on it (tests/helpers/smtp.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2590);
