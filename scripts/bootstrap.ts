// `npm run dev` runs this first: open (and migrate) the database, create the demo user once,
// and print how to sign in and a test token. The token is kept in the data directory so the
// same one is printed on every start (it is a test-mode token: free and deterministic).
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { closeDb, getDb } from "../lib/db";
import { migrateDatabase } from "../lib/db/migrate-embedded";
import { loadEnv } from "../lib/env";
import { hashSecret } from "../lib/tokens/secret";
import { createToken } from "../lib/tokens/create-token";
import { createUser } from "../lib/users/create-user";

const DEMO_EMAIL = "demo@credence.local";

interface DemoCredentials {
  email: string;
  password: string;
  testToken: string;
}

async function main() {
  const env = loadEnv();
  mkdirSync(env.CREDENCE_DATA_DIR, { recursive: true });
  // The embedded database migrates itself when opened; PostgreSQL is migrated here.
  if (env.DATABASE_URL) await migrateDatabase({ databaseUrl: env.DATABASE_URL });
  const db = await getDb();
  console.log(
    `Database: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.resolve(env.CREDENCE_DATA_DIR, "pglite")}`}, migrated.`,
  );
  if (!env.DEMO_SEED) return;

  const file = path.resolve(env.CREDENCE_DATA_DIR, "demo-credentials.json");
  let demo = readDemo(file);
  const user = await db.user.findUnique({ where: { email: DEMO_EMAIL } });
  const tokenValid =
    demo &&
    user &&
    (await db.apiToken.findFirst({ where: { hash: hashSecret(demo.testToken), userId: user.id, revokedAt: null } }));
  if (!user || !demo || !tokenValid) {
    const password = demo?.password ?? randomBytes(9).toString("base64url");
    const demoUser =
      user ??
      (await createUser(db, { email: DEMO_EMAIL, password, name: "Demo User", plan: "business", role: "admin" }));
    const { secret } = await createToken(db, { userId: demoUser.id, mode: "test", name: "demo test token" });
    demo = {
      email: DEMO_EMAIL,
      password: user && !demo ? "(set earlier; reset it with the CLI)" : password,
      testToken: secret,
    };
    writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  }
  const url = env.APP_URL;
  console.log(
    [
      "",
      "  Credence is starting.",
      `  Open        ${url}`,
      `  Sign in     ${demo.email} / ${demo.password}`,
      `  Test token  ${demo.testToken}`,
      "",
      "  Try the API:",
      `    curl -s ${url}/v1/verifications -H "Authorization: Bearer ${demo.testToken}" \\`,
      `      -H "Content-Type: application/json" -d '{"document_base64":"Y3JlZGVuY2UtdGVzdDpWRVJJRklFRA==","content_type":"application/pdf"}'`,
      "",
    ].join("\n"),
  );
}

function readDemo(file: string): DemoCredentials | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as DemoCredentials;
  } catch {
    return null;
  }
}

main()
  .then(() => closeDb())
  .then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
