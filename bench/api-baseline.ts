// The baseline of bench:api: a bare node:http + pg server doing the database work of the real
// endpoints, with the same SQL (imported, so the two cannot drift) and nothing else:
// - every request: the token with its user by hash and one take from its bucket in one statement
//   (on a pool that skips the commit flush, as lib/ratelimit does), one usage row, buffered and
//   written in bulk every 250 ms as lib/usage does;
// - POST: the document decoded, hashed and written encrypted (AES-256-GCM) to disk, then the
//   verification, its file row and its event in one statement (lib/verifications/verification-sql.ts);
// - GET: the verification by id for its owner.
// Started by bench/api.ts with DATABASE_URL, CREDENCE_DATA_DIR, CREDENCE_ENCRYPTION_KEY and PORT.
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { TOKEN_AND_TAKE_SQL } from "../lib/ratelimit/find-token-and-take";
import { BY_OWNER_SQL, STORE_UNCHARGED_SQL } from "../lib/verifications/verification-sql";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const bucketPool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 4,
  options: "-c synchronous_commit=off",
});
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
  const { rows } = await bucketPool.query<Record<string, unknown>>(TOKEN_AND_TAKE_SQL, [
    hash,
    new Date().toISOString(),
    ...limits,
  ]);
  const row = rows[0];
  if (!row || row["token.revokedAt"] || row["bucket.allowed"] !== true) return null;
  return { tokenId: String(row["token.id"]), userId: String(row.id), livemode: row["token.mode"] === "live" };
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
  await pool.query(STORE_UNCHARGED_SQL, [
    verificationId,
    caller.userId,
    caller.tokenId,
    null,
    caller.livemode,
    "standard",
    "api",
    "completed",
    "VERIFIED",
    0.97,
    "other",
    JSON.stringify(report),
    null,
    1,
    null,
    body.content_type,
    bytes.byteLength,
    sha,
    storageKey,
    null,
    0,
    null,
    null,
    null,
    null,
    now,
    now,
    id("fil"),
    retainUntil,
    "2026-11-01",
    JSON.stringify({ verification }),
    id("evt"),
    "verification.completed",
    null,
    null,
  ]);
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
    const { rows } = await pool.query(BY_OWNER_SQL, [match[1], caller.userId, caller.livemode]);
    if (rows[0]) send(res, 200, rows[0]);
    else send(res, 404, { error: "not_found" });
    return recordUsage(caller, "GET /v1/verifications/{id}", rows[0] ? 200 : 404);
  }
  send(res, 404, { error: "not_found" });
}

createServer((req, res) => {
  handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
