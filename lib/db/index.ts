// The one database handle of the process. PostgreSQL when DATABASE_URL is set; otherwise an
// embedded PGlite under CREDENCE_DATA_DIR, migrated when it is opened. Kept on globalThis because
// `next dev` re-evaluates modules and PGlite allows one open handle per directory.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadEnv } from "../env";
import { PrismaClient } from "./generated/client";
import { migrateDatabase } from "./migrate-embedded";

export { Prisma } from "./generated/client";
export * from "./generated/enums";
export type {
  User,
  MagicLink,
  ApiToken,
  RateLimitBucket,
  Verification,
  AnalysisCache,
  StoredFile,
  CreditLedgerEntry,
  UsageRecord,
  IdempotencyRecord,
  Batch,
  BatchItem,
  WebhookEndpoint,
  Event,
  WebhookDelivery,
  WebhookAttempt,
  Coupon,
  CouponRedemption,
  Referral,
  CreditPackTransaction,
  ProcessedStripeEvent,
  Dispute,
  Review,
  RuleSuggestion,
  CalibrationFeedback,
  CalibrationModel,
  Folder,
  FolderVerification,
  HolderProfile,
  HolderSlugAlias,
  SigningKey,
  Credential,
  Badge,
  LifeEvent,
  CvUpload,
  SocialLink,
  Achievement,
  IssuerApprovalRequest,
  Institution,
  InstitutionDomain,
} from "./generated/client";
export type Db = PrismaClient;
/** A transaction client or the client itself: domain functions accept either. */
export type DbClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

interface Handles {
  db?: Promise<PrismaClient>;
  pglite?: PGlite;
  /** The PostgreSQL the client was opened on; undefined on the embedded PGlite. */
  url?: string;
}
const handles: Handles = ((globalThis as { __credence?: Handles }).__credence ??= {});

export function getDb(): Promise<PrismaClient> {
  handles.db ??= open().catch((error: unknown) => {
    handles.db = undefined;
    throw error;
  });
  return handles.db;
}

/** The PostgreSQL URL the process's client was opened on (undefined on PGlite, or before getDb). */
export function openedDatabaseUrl(): string | undefined {
  return handles.url;
}

/** The embedded PGlite instance, when the app runs on one (the job queue shares it). */
export function embeddedPglite(): PGlite | undefined {
  return handles.pglite;
}

// Prisma's defaults (2 s to start a transaction, 5 s to finish it) fail requests on a busy 2-core
// machine, where a connection can take longer than that to come free while the engine has the cores:
// seen in CI as "Unable to start a transaction in the given time". A wait is better than a 500.
const transactionOptions = { maxWait: 10_000, timeout: 15_000 };

async function open(): Promise<PrismaClient> {
  const env = loadEnv();
  if (env.DATABASE_URL) {
    handles.url = env.DATABASE_URL;
    return new PrismaClient({ adapter: new PrismaPg({ connectionString: env.DATABASE_URL }), transactionOptions });
  }
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("pglite-prisma-adapter"),
  ]);
  const dir = path.resolve(env.CREDENCE_DATA_DIR, "pglite");
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  await migrateDatabase({ pglite });
  handles.pglite = pglite;
  return new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions });
}

export async function closeDb(): Promise<void> {
  const pending = handles.db;
  handles.db = undefined;
  handles.url = undefined;
  if (pending) await (await pending).$disconnect();
  if (handles.pglite) {
    await handles.pglite.close();
    handles.pglite = undefined;
  }
}
