// Every integration test file gets the run's database, data directory and keys.
import { afterAll, inject } from "vitest";
import { closeDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.CREDENCE_DATA_DIR = inject("dataDir");
process.env.AUTH_SECRET = "integration-tests-auth-secret-0123456789abcdef";
process.env.CREDENCE_ENCRYPTION_KEY = "1f".repeat(32);
process.env.APP_URL = "http://localhost:3000";
resetEnvCache();

afterAll(async () => {
  await stopJobWorkers();
  await closeDb();
});
