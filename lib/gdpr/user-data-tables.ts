// Which database table holds what of a user's data, for the export and for erasure. The erasure
// test (tests/integration/gdpr-erasure.int.test.ts) walks every table of the database: a table where
// it finds the user's id, e-mail or a verification id must be listed here, so a new table is either
// exported or says why not, and anything left after an erasure must be in KEPT_AFTER_ERASURE.

/** Table → the section of the export (collect-user-data.ts) that shows its rows. */
export const EXPORTED_TABLES: Record<string, string> = {
  users: "account",
  api_tokens: "api_tokens",
  verifications: "verifications",
  stored_files: "stored_files",
  credit_ledger: "credit_ledger",
  credit_pack_transactions: "credit_pack_transactions",
  usage_records: "usage_records",
  webhook_endpoints: "webhook_endpoints",
  webhook_deliveries: "webhook_deliveries",
  webhook_attempts: "webhook_attempts",
  events: "events",
  batches: "batches",
  batch_items: "batch_items",
  folders: "folders",
  folder_verifications: "folder_verifications",
  reviews: "reviews",
  disputes: "disputes",
  calibration_feedback: "calibration_feedback",
  coupon_redemptions: "coupon_redemptions",
  referrals: "referrals",
  holder_profiles: "holder_profile",
  holder_slug_aliases: "holder_slug_aliases",
  credentials: "credentials",
  badges: "badges",
  life_events: "life_events",
  cv_uploads: "cv_uploads",
  social_links: "social_links",
  achievements: "achievements",
  issuer_approval_requests: "issuer_approval_requests",
  magic_links: "sign_in_links",
};

/** Tables that can name the user but are not exported, and why. */
export const NOT_EXPORTED_TABLES: Record<string, string> = {
  idempotency_records:
    "copies of API answers, replayed for 24 hours to a retried request; the data they repeat is exported from its own table",
  rate_limit_buckets: "a counter per API token (no content)",
  pending_file_deletions: "storage keys of files being deleted, for a few milliseconds after an erasure",
};

/**
 * What an account erasure keeps, anonymised (no user id, no e-mail, no verification id left in
 * them), because accounting law requires payment records to be kept (for example 10 years under
 * German HGB §257 / AO §147, 6 under the French Code de commerce L123-22): amount, currency,
 * credits, the payment processor's ids and dates.
 */
export const KEPT_AFTER_ERASURE: Record<string, string> = {
  credit_pack_transactions: "payment records (amount, currency, credits, processor ids, dates), user id removed",
};
