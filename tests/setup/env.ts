// Each integration test file gets the run's database and a private data directory.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closeDb } from "../../lib/db";
import { resetEnvCache } from "../../lib/env";
import { stopJobWorkers } from "../../lib/jobs/workers";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.CREDENCE_DATA_DIR = mkdtempSync(path.join(tmpdir(), "credence-test-"));
process.env.APP_URL = "http://localhost:3000";
resetEnvCache();

afterAll(async () => {
  await stopJobWorkers();
  await closeDb();
});
