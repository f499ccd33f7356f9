// The baseline of bench:api: a bare node:http + pg server doing the database work of the real
// endpoints, with the same SQL (imported, so the two cannot drift) and nothing else:
// - every request: the token with its user by hash and one take from its bucket in one statement
//   (the statement of lib/db/statements/find-token-and-take.ts), committed as it is there, without
//   waiting for the WAL flush (a session with synchronous_commit off), one usage row, buffered and
//   written in bulk every 250 ms as lib/usage does;
// - POST: the document decoded, hashed and written encrypted (AES-256-GCM) to disk, then in one
//   transaction the verification, its file row, the owner's webhook endpoints looked up and the
//   event written, as lib/verifications/create-verification.ts does through Prisma;
// - GET: the verification by id for its owner.
// Started by bench/api.ts with DATABASE_URL, CREDENCE_DATA_DIR, CREDENCE_ENCRYPTION_KEY and PORT.
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// The rate-limit take commits relaxed in the server (lib/db/statements/take-rate-limit-token.ts).
const relaxed = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: "-c synchronous_commit=off",
});

const TOKEN_AND_TAKE_SQL = `
  WITH auth AS (SELECT u.id AS "userId", u.plan, t.id AS "tokenId", t.mode, t."revokedAt", t."expiresAt"
                FROM api_tokens t JOIN users u ON u.id = t."userId" WHERE t.hash = $1::text),
  eligible AS (
    SELECT "tokenId" AS id,
           CASE plan WHEN 'pro' THEN $3::float8 ELSE $5::float8 END AS burst,
           CASE plan WHEN 'pro' THEN $4::float8 ELSE $6::float8 END AS rate
    FROM auth
    WHERE "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > $2::timestamp(3)) AND plan IN ('pro', 'business')
  ), inserted AS (
    INSERT INTO rate_limit_buckets ("tokenId", tokens, "updatedAt")
    SELECT id, burst - 1, clock_timestamp() AT TIME ZONE 'UTC' FROM eligible
    ON CONFLICT ("tokenId") DO NOTHING
    RETURNING tokens, true AS allowed
  ), updated AS (
    UPDATE rate_limit_buckets b
    SET tokens = CASE WHEN r.refilled >= 1 THEN r.refilled - 1 ELSE r.refilled END, "updatedAt" = r.at
    FROM (
      SELECT k."tokenId", clock_timestamp() AT TIME ZONE 'UTC' AS at,
             LEAST(e.burst, k.tokens + GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() AT TIME ZONE 'UTC' - k."updatedAt")))::float8 * e.rate) AS refilled
      FROM rate_limit_buckets k JOIN eligible e ON k."tokenId" = e.id FOR UPDATE OF k
    ) r
    WHERE b."tokenId" = r."tokenId"
    RETURNING b.tokens, r.refilled >= 1 AS allowed
  )
  SELECT auth.*, bucket.allowed FROM auth
  LEFT JOIN (SELECT tokens, allowed FROM inserted UNION ALL SELECT tokens, allowed FROM updated) bucket ON true`;
const key = Buffer.from(process.env.CREDENCE_ENCRYPTION_KEY ?? "", "hex");
const uploads = path.join(process.env.CREDENCE_DATA_DIR ?? ".", "baseline-uploads");
const id = (prefix: string) => `${prefix}_${randomBytes(16).toString("hex")}`;

interface Caller {
  tokenId: string;
  userId: string;
  livemode: boolean;
}

async function authenticate(req: IncomingMessage): Promise<Caller | null> {
  const secret = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!secret) return null;
  const hash = createHash("sha256").update(secret).digest("hex");
  // Pro and Business limits (burst, per second), times RATE_LIMIT_SCALE, as lib/ratelimit passes them.
  const scale = Number(process.env.RATE_LIMIT_SCALE ?? 1);
  const limits = [20 * scale, (600 * scale) / 60, 40 * scale, (3000 * scale) / 60];
  const { rows } = await relaxed.query<Record<string, unknown>>(TOKEN_AND_TAKE_SQL, [
    hash,
    new Date().toISOString(),
    ...limits,
  ]);
  const row = rows[0];
  if (!row || row.revokedAt || row.allowed !== true) return null;
  return { tokenId: String(row.tokenId), userId: String(row.userId), livemode: row.mode === "live" };
}

const usage: unknown[][] = [];
let flushTimer: NodeJS.Timeout | undefined;

function recordUsage(caller: Caller, endpoint: string, status: number) {
  usage.push([
    id("use"),
    caller.userId,
    caller.tokenId,
    caller.livemode,
    endpoint,
    status,
    0,
    new Date().toISOString(),
  ]);
  flushTimer ??= setTimeout(() => {
    flushTimer = undefined;
    const rows = usage.splice(0);
    const columns = rows[0].map((_, i) => rows.map((r) => r[i]));
    void pool
      .query(
        `INSERT INTO usage_records (id, "userId", "tokenId", livemode, endpoint, "statusCode", credits, "createdAt")
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::int[], $7::int[], $8::timestamp(3)[])`,
        columns,
      )
      .catch(() => {});
  }, 250);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function storeEncrypted(storageKey: string, bytes: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  const file = path.join(uploads, storageKey);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]);
  // The same write strategy as lib/storage: make the directory only when a write finds it missing.
  await writeFile(file, sealed, { mode: 0o600 }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, sealed, { mode: 0o600 });
  });
}

async function create(req: IncomingMessage, caller: Caller) {
  const body = JSON.parse((await readBody(req)).toString("utf8")) as { document_base64: string; content_type: string };
  const bytes = Buffer.from(body.document_base64, "base64");
  const sha = createHash("sha256").update(bytes).digest("hex");
  const verificationId = id("ver");
  const storageKey = `originals/${verificationId}`;
  await storeEncrypted(storageKey, bytes);
  const now = new Date().toISOString();
  const report = { test_mode: true, summary: "Test mode.", sha256: sha, findings: [] };
  const verification = {
    id: verificationId,
    object: "verification",
    status: "completed",
    verdict: "VERIFIED",
    confidence: 0.97,
    doc_type: "other",
    livemode: caller.livemode,
    mode: "standard",
    page_count: 1,
    file_name: null,
    content_type: body.content_type,
    created_at: now,
    completed_at: now,
    poll_url: `/v1/verifications/${verificationId}`,
    credits_charged: 0,
    report,
    error: null,
  };
  const retainUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO verifications (id, "userId", "tokenId", livemode, mode, source, status, verdict, confidence, "docType",
         "verdictJson", "pageCount", "contentType", "fileSize", "fileSha256", "documentImagePath", "creditsCharged", "createdAt", "completedAt")
       VALUES ($1, $2, $3, $4, 'standard', 'api', 'completed', 'VERIFIED', 0.97, 'other', $5, 1, $6, $7, $8, $9, 0, $10, $10)`,
      [
        verificationId,
        caller.userId,
        caller.tokenId,
        caller.livemode,
        JSON.stringify(report),
        body.content_type,
        bytes.byteLength,
        sha,
        storageKey,
        now,
      ],
    );
    await client.query(
      `INSERT INTO stored_files (id, "userId", "verificationId", kind, "storageKey", "contentType", size, sha256, "retainUntil", "createdAt")
       VALUES ($1, $2, $3, 'original', $4, $5, $6, $7, $8, $9)`,
      [
        id("fil"),
        caller.userId,
        verificationId,
        storageKey,
        body.content_type,
        bytes.byteLength,
        sha,
        retainUntil,
        now,
      ],
    );
    await client.query(
      `INSERT INTO events (id, "userId", livemode, type, "apiVersion", data, "createdAt") VALUES ($1, $2, $3, 'verification.completed', '2026-11-01', $4, $5)`,
      [id("evt"), caller.userId, caller.livemode, JSON.stringify({ verification }), now],
    );
    await client.query(`SELECT id, events FROM webhook_endpoints WHERE "userId" = $1 AND livemode = $2 AND enabled`, [
      caller.userId,
      caller.livemode,
    ]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
  return verification;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.url === "/healthz") {
    await pool.query("SELECT 1");
    return send(res, 200, { status: "ok", db: "ok" });
  }
  const caller = await authenticate(req);
  if (!caller) return send(res, 401, { error: "unauthorized" });
  const url = new URL(req.url ?? "/", "http://x");
  if (req.method === "POST" && url.pathname === "/v1/verifications") {
    send(res, 200, await create(req, caller));
    return recordUsage(caller, "POST /v1/verifications", 200);
  }
  const match = /^\/v1\/verifications\/([^/]+)$/.exec(url.pathname);
  if (req.method === "GET" && match) {
    const { rows } = await pool.query(
      `SELECT * FROM verifications WHERE id = $1::text AND "userId" = $2::text AND livemode = $3::boolean`,
      [match[1], caller.userId, caller.livemode],
    );
    if (rows[0]) send(res, 200, rows[0]);
    else send(res, 404, { error: "not_found" });
    return recordUsage(caller, "GET /v1/verifications/{id}", rows[0] ? 200 : 404);
  }
  send(res, 404, { error: "not_found" });
}

createServer((req, res) => {
  handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
