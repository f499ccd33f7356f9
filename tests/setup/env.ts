// Every integration test file gets its worker's database and data directory (global-db.ts), and
// the run's keys. A job queued by one test file and picked up by a later file's workers on the
// same worker finds the same files and keys.
import { afterAll, inject } from "vitest";
import { closeDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";

const worker = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
process.env.DATABASE_URL = inject("databaseUrls")[worker];
process.env.CREDENCE_DATA_DIR = inject("dataDirs")[worker];
process.env.AUTH_SECRET = "integration-tests-auth-secret-0123456789abcdef";
process.env.CREDENCE_ENCRYPTION_KEY = "1f".repeat(32);
process.env.APP_URL = "http://localhost:3000";
resetEnvCache();

afterAll(async () => {
  await stopJobWorkers();
  await closeDb();
});
