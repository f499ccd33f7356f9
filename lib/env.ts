// Typed, validated configuration. Every variable the product reads is declared here, with its
// default and its documentation in README.md. A missing or malformed variable stops start-up
// (instrumentation.ts calls loadEnv()) with a message that names it.
import { z } from "zod";

// Treat empty strings as unset: `FOO=` in a shell or .env file means "no value".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((v) => (v === "" || v === undefined ? fallback : v), schema);
const flag = (fallback: boolean) =>
  withDefault(
    z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
    fallback ? "true" : "false",
  );

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A private Ed25519 key as a JWK (RFC 8037), given as JSON. */
const ed25519PrivateJwk = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON Web Key (JSON)" });
      return z.NEVER;
    }
  })
  .pipe(
    z.object(
      {
        kty: z.literal("OKP"),
        crv: z.literal("Ed25519"),
        x: z.string().regex(BASE64URL).length(43),
        d: z.string().regex(BASE64URL).length(43),
      },
      { error: 'must be a private Ed25519 JWK: {"kty":"OKP","crv":"Ed25519","x":…,"d":…}' },
    ),
  );

/** A JSON value in one variable, parsed then checked by `inner`. */
const jsonOf = <T extends z.ZodType>(inner: T, what: string) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `must be JSON: ${what}` });
        return z.NEVER;
      }
    })
    .pipe(inner);

const stripePrice = z.string().regex(/^price_[A-Za-z0-9]+$/, "must be a Stripe price id (price_…)");

/** "burst/per-minute", e.g. "20/600": a plan's token bucket on /v1. */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+$/, 'must be "<burst>/<requests per minute>", e.g. "20/600"')
  .transform((text) => {
    const [burst, sustained] = text.split("/").map(Number);
    return { burst: burst!, sustained: sustained! };
  });

/** The credit packs on sale (marketplace): id, credits, Stripe price and the price shown. */
const creditPacks = jsonOf(
  z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, "pack ids are 1-40 lower-case letters, digits or dashes"),
        name: z.string().min(1).max(80).optional(),
        credits: z.number().int().min(1).max(1_000_000),
        price: stripePrice,
        amount_cents: z.number().int().min(0),
        currency: z.string().regex(/^[a-z]{3}$/, "an ISO 4217 code in lower case, e.g. eur"),
      }),
    )
    .refine((packs) => new Set(packs.map((p) => p.id)).size === packs.length, "pack ids must be unique")
    .refine(
      (packs) => packs.every((p) => p.id !== "overage"),
      '"overage" is the overage pack\'s id (STRIPE_PRICE_OVERAGE)',
    ),
  '[{"id":"small","credits":100,"price":"price_…","amount_cents":1500,"currency":"eur"}]',
);

const schema = z.object({
  NODE_ENV: withDefault(z.enum(["development", "test", "production"]), "development"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection string")),
  CREDENCE_DATA_DIR: withDefault(z.string().min(1), ".data"),
  APP_URL: withDefault(z.url({ protocol: /^https?$/ }), "http://localhost:3000"),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  CREDENCE_ENCRYPTION_KEY: optional(z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")),
  ADMIN_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
  MAX_UPLOAD_BYTES: withDefault(
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024),
    20 * 1024 * 1024,
  ),
  UPLOAD_RETENTION_DAYS: withDefault(z.coerce.number().int().min(1).max(3650), 30),
  CREDITS_PRO: withDefault(z.coerce.number().int().min(0), 500),
  CREDITS_BUSINESS: withDefault(z.coerce.number().int().min(0), 5000),
  CREDITS_DEEP: withDefault(z.coerce.number().int().min(1), 5),
  /** Token buckets of the paying plans on /v1 ("burst/per minute"; free has no API access). */
  RATE_LIMIT_PRO: withDefault(rateLimit, "20/600"),
  RATE_LIMIT_BUSINESS: withDefault(rateLimit, "40/3000"),
  /** Stripe: all unset means no billing (self-hosted); every paying route then answers 503 billing_not_configured. */
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret or restricted key (sk_… or rk_…)"),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_[A-Za-z0-9+/=_-]+$/, "must be a Stripe webhook signing secret (whsec_…)"),
  ),
  STRIPE_PRICE_PRO: optional(stripePrice),
  STRIPE_PRICE_BUSINESS: optional(stripePrice),
  /** A one-time price of OVERAGE_PACK_CREDITS extra verifications (POST /billing/purchase-overage). */
  STRIPE_PRICE_OVERAGE: optional(stripePrice),
  OVERAGE_PACK_CREDITS: withDefault(z.coerce.number().int().min(1).max(1_000_000), 100),
  CREDIT_PACKS: withDefault(creditPacks, "[]"),
  /** Where the Stripe SDK sends its requests (a local stand-in in tests); default Stripe's own API. */
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Days a subscription keeps its plan after a failed renewal before it falls back to free. */
  BILLING_GRACE_DAYS: withDefault(z.coerce.number().int().min(0).max(60), 7),
  /** Credits the referrer receives, once, when the referred account first pays (or completes its profile). */
  REFERRAL_REWARD_CREDITS: withDefault(z.coerce.number().int().min(0).max(100_000), 50),
  REFERRAL_REWARD_ON: withDefault(z.enum(["first_payment", "profile_completed"]), "first_payment"),
  /** Multiplies every plan's burst and sustained rate (self-hosting, load tests). */
  RATE_LIMIT_SCALE: withDefault(z.coerce.number().positive().max(1_000_000), 1),
  /** Hosts (comma-separated) that document_url may fetch over plain http. Everything else needs https. */
  FETCH_HTTP_ALLOWLIST: withDefault(z.string(), ""),
  /** Let document_url and webhooks reach private, loopback and link-local addresses (tests, self-hosting). */
  FETCH_ALLOW_PRIVATE: flag(false),
  FETCH_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 15_000),
  /**
   * DNS servers (comma-separated host or host:port) that document_url and webhook hosts are resolved
   * with, instead of the system resolver: a dedicated resolver for outbound fetches, or a test's stub.
   */
  FETCH_DNS_SERVERS: withDefault(z.string(), ""),
  /** Multiplies the webhook retry ladder's delays (tests and benchmarks: 0.001 turns 30 s into 30 ms). */
  WEBHOOK_TIME_SCALE: withDefault(z.coerce.number().positive().max(1), 1),
  /** Background jobs: "embedded" (pg-boss on the app's database) or "inngest"; default inngest when INNGEST_EVENT_KEY is set. */
  JOB_ENGINE: optional(z.enum(["embedded", "inngest"])),
  /** Inngest Cloud keys (or a self-hosted `inngest start`, with INNGEST_BASE_URL pointing at it). */
  INNGEST_EVENT_KEY: optional(z.string().min(1)),
  INNGEST_SIGNING_KEY: optional(z.string().regex(/^signkey-/, "must start with signkey-")),
  INNGEST_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  DEMO_SEED: flag(true),
  LOG_LEVEL: withDefault(z.enum(["debug", "info", "warn", "error"]), "info"),
  /** Outgoing mail (magic links); unset: messages are written to <data dir>/mail/*.eml. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
  MAIL_FROM: withDefault(z.string().min(3), "Credence <no-reply@credence.local>"),
  /**
   * Reverse proxies in front of the app that append to X-Forwarded-For (0: none, so no client
   * address is known and per-address limits share one bucket). Entries left of them are ignored.
   */
  TRUSTED_PROXY_HOPS: withDefault(z.coerce.number().int().min(0).max(10), 1),
  /**
   * Password sign-ins and registrations per minute from one client address (also the burst): each
   * costs a deliberately slow scrypt. Raise it when many people sign in from behind one address.
   */
  SIGN_IN_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(10_000), 10),
  /**
   * Password sign-ins per hour on one account, whatever the address (burst 10): a guesser spread
   * over many addresses still gets few tries. The owner can still sign in by e-mail link meanwhile.
   */
  SIGN_IN_PER_ACCOUNT_PER_HOUR: withDefault(z.coerce.number().int().min(1).max(100_000), 20),
  /** Worker processes of the forensic engine (default: the machine's cores). */
  ENGINE_WORKERS: optional(z.coerce.number().int().min(1).max(256)),
  /** Analyses that may wait for a worker (default: 4 per worker); beyond that /v1 answers 503 engine_busy. */
  ENGINE_QUEUE: optional(z.coerce.number().int().min(0).max(10_000)),
  /** Hard stop of one analysis: its worker is terminated and replaced, the verification fails uncharged. */
  ENGINE_DEADLINE_MS: withDefault(z.coerce.number().int().min(100).max(3_600_000), 90_000),
  /**
   * Scheduling priority (nice, 0–19) of the engine's worker processes: above 0 the cores serve
   * requests first and analyse with what is left, so a saturated engine does not slow the server.
   */
  ENGINE_NICE: withDefault(z.coerce.number().int().min(0).max(19), 10),
  /** Free live verifications per day for signed-out web users (per IP). */
  ANONYMOUS_DAILY_VERIFICATIONS: withDefault(z.coerce.number().int().min(0), 3),
  /** Web verifications per month of a free account without an admin-set quota. */
  FREE_MONTHLY_VERIFICATIONS: withDefault(z.coerce.number().int().min(0), 5),
  /** Issuer approval requests one account may send per 24 hours. */
  ISSUER_REQUESTS_PER_USER_PER_DAY: withDefault(z.coerce.number().int().min(0).max(10_000), 10),
  /** Issuer approval requests per verification, ever (answered, pending and failed ones all count). */
  ISSUER_REQUESTS_PER_VERIFICATION: withDefault(z.coerce.number().int().min(0).max(1000), 3),
  /** Issuer approval requests one recipient address receives per 24 hours, from all accounts together. */
  ISSUER_REQUESTS_PER_RECIPIENT_PER_DAY: withDefault(z.coerce.number().int().min(0).max(10_000), 20),
  /** Days an institution's link stays valid. */
  ISSUER_TOKEN_TTL_DAYS: withDefault(z.coerce.number().int().min(1).max(365), 30),
  /**
   * The Ed25519 key that signs holder badges, as a private JWK; unset: one is generated on first
   * use and kept (encrypted) in the database, and `credence keys:rotate` replaces it.
   */
  BADGE_SIGNING_KEY: optional(ed25519PrivateJwk),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}\nSee README.md, "Configuration".`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production") {
    const missing = (["AUTH_SECRET", "CREDENCE_ENCRYPTION_KEY"] as const).filter((k) => !env[k]);
    if (missing.length > 0) {
      throw new EnvError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required in production`).join("\n")}\nSee README.md, "Configuration".`,
      );
    }
  }
  const stripe = stripeProblems(env);
  if (stripe.length > 0) {
    throw new EnvError(`Invalid configuration:\n${stripe.join("\n")}\nSee README.md, "Billing".`);
  }
  return env;
}

/** A half-configured Stripe would take money and then fail to record it: all or nothing. */
function stripeProblems(env: Env): string[] {
  if (!env.STRIPE_SECRET_KEY) {
    const stray = (["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO", "STRIPE_PRICE_BUSINESS"] as const).filter(
      (k) => env[k],
    );
    return stray.map((k) => `  ${k}: set, but STRIPE_SECRET_KEY is not (billing needs both)`);
  }
  const missing = (["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_PRO", "STRIPE_PRICE_BUSINESS"] as const).filter(
    (k) => !env[k],
  );
  return missing.map((k) => `  ${k}: required when STRIPE_SECRET_KEY is set`);
}

export function loadEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forget the parsed configuration (tests change process.env between cases). */
export function resetEnvCache(): void {
  cached = undefined;
}
