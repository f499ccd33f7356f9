/** The e2e server sends mail here; the specs run a real SMTP receiver on it (tests/helpers/smtp.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2590);

/** The Stripe stand-in (tests/helpers/stripe-stand-in.ts) the e2e server's billing talks to. */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 2591);
