// The baseline of bench:api: a bare node:http + pg server doing the database work of the real
// endpoints — token lookup by hash (joined with its user), insert of the verification, select by
// id for the owner — and nothing else. Started by bench/api.ts with DATABASE_URL and PORT.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

interface TokenRow {
  id: string;
  userId: string;
  mode: "test" | "live";
  revokedAt: Date | null;
}

async function authenticate(req: IncomingMessage): Promise<TokenRow | null> {
  const secret = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!secret) return null;
  const hash = createHash("sha256").update(secret).digest("hex");
  const { rows } = await pool.query<TokenRow>(
    `SELECT t.id, t."userId", t.mode, t."revokedAt" FROM api_tokens t JOIN users u ON u.id = t."userId" WHERE t.hash = $1`,
    [hash],
  );
  return rows[0] && !rows[0].revokedAt ? rows[0] : null;
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

async function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.url === "/healthz") {
    await pool.query("SELECT 1");
    return send(res, 200, { status: "ok", db: "ok" });
  }
  const token = await authenticate(req);
  if (!token) return send(res, 401, { error: "unauthorized" });
  const url = new URL(req.url ?? "/", "http://x");
  if (req.method === "POST" && url.pathname === "/v1/verifications") {
    const body = JSON.parse((await readBody(req)).toString("utf8")) as { document_base64: string; content_type: string };
    const bytes = Buffer.from(body.document_base64, "base64");
    const sha = createHash("sha256").update(bytes).digest("hex");
    const id = `ver_${randomBytes(16).toString("hex")}`;
    const { rows } = await pool.query(
      `INSERT INTO verifications (id, "userId", "tokenId", livemode, mode, source, status, verdict, confidence, "docType", "contentType", "fileSize", "fileSha256", "completedAt")
       VALUES ($1, $2, $3, false, 'standard', 'api', 'completed', 'VERIFIED', 0.97, 'other', $4, $5, $6, now()) RETURNING *`,
      [id, token.userId, token.id, body.content_type, bytes.byteLength, sha],
    );
    return send(res, 200, rows[0]);
  }
  const match = /^\/v1\/verifications\/([^/]+)$/.exec(url.pathname);
  if (req.method === "GET" && match) {
    const { rows } = await pool.query(`SELECT * FROM verifications WHERE id = $1 AND "userId" = $2 AND livemode = $3`, [
      match[1],
      token.userId,
      token.mode === "live",
    ]);
    return rows[0] ? send(res, 200, rows[0]) : send(res, 404, { error: "not_found" });
  }
  send(res, 404, { error: "not_found" });
}

createServer((req, res) => {
  handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
