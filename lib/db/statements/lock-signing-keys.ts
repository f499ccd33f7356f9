// Serialises the making of the instance's badge signing key across processes (two instances that
// start at once must not both create an active key): a transaction-scoped advisory lock, released
// when the caller's transaction ends. Prisma has no advisory locks.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

/** Any constant that no other advisory lock of the application uses. */
const SIGNING_KEYS_LOCK = 7_301_460_012;

export async function lockSigningKeys(tx: DbClient): Promise<void> {
  await runStatement(tx, Prisma.sql`SELECT 1 AS locked FROM pg_advisory_xact_lock(${SIGNING_KEYS_LOCK}::bigint)`);
}
