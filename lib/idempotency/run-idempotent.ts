// Idempotency-Key handling for POST endpoints, scoped to (user, mode, key), 24-hour window.
// The first request inserts an in-progress record (a unique index decides who is first), runs,
// and stores its response. A concurrent duplicate waits (bounded) for that response and replays
// it. Only 2xx responses are stored: an error releases the key so a corrected retry can run.
// A record left in progress by a crashed process is taken over after a lease.
import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { IDEMPOTENCY_WINDOW_MS } from "./idempotency-key";

const LEASE_MS = 120_000;
const WAIT_MS = 30_000;
const POLL_MS = 50;
/** Response headers worth replaying; rate-limit, request-id and credit headers are per request. */
const STORED_HEADERS = ["content-type", "location"];

export interface IdempotencyScope {
  userId: string;
  livemode: boolean;
  key: string;
  requestHash: string;
}

interface Stored {
  id: string;
  requestHash: string;
  state: "in_progress" | "completed";
  responseStatus: number | null;
  responseBody: unknown;
  responseHeaders: unknown;
  createdAt: Date;
  expiresAt: Date;
}

export async function runIdempotent(
  db: DbClient,
  scope: IdempotencyScope,
  run: () => Promise<Response>,
): Promise<Response> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await claim(db, scope);
    if (claimed) return execute(db, claimed, run);
    const existing = await find(db, scope);
    if (!existing) continue; // released between our insert and our read: try to claim again
    if (existing.requestHash !== scope.requestHash) {
      throw new ApiError(
        "idempotency_conflict",
        "This Idempotency-Key was already used with a different request (method, path or body). Use a new key.",
      );
    }
    if (existing.state === "completed") return replay(existing);
    if (existing.createdAt.getTime() + LEASE_MS < Date.now()) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, state: "in_progress" } });
      continue;
    }
    if (Date.now() > deadline) {
      throw new ApiError(
        "idempotency_conflict",
        "A request with this Idempotency-Key is still in progress. Retry later.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function claim(db: DbClient, scope: IdempotencyScope): Promise<string | null> {
  const id = newId("idempotency");
  // Expired records are removed first so the key can be reused after the window.
  await db.idempotencyRecord.deleteMany({
    where: { userId: scope.userId, livemode: scope.livemode, key: scope.key, expiresAt: { lt: new Date() } },
  });
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO idempotency_records (id, "userId", livemode, key, "requestHash", state, "createdAt", "expiresAt")
    VALUES (${id}, ${scope.userId}, ${scope.livemode}, ${scope.key}, ${scope.requestHash}, 'in_progress',
            now() AT TIME ZONE 'UTC', (now() AT TIME ZONE 'UTC') + make_interval(secs => ${IDEMPOTENCY_WINDOW_MS / 1000}::float8))
    ON CONFLICT ("userId", livemode, key) DO NOTHING
    RETURNING id`;
  return rows[0]?.id ?? null;
}

function find(db: DbClient, scope: IdempotencyScope): Promise<Stored | null> {
  return db.idempotencyRecord.findUnique({
    where: { userId_livemode_key: { userId: scope.userId, livemode: scope.livemode, key: scope.key } },
  });
}

async function execute(db: DbClient, id: string, run: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await db.idempotencyRecord.deleteMany({ where: { id } });
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    await db.idempotencyRecord.deleteMany({ where: { id } });
    return response;
  }
  const text = await response.clone().text();
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await db.idempotencyRecord.update({
    where: { id },
    data: {
      state: "completed",
      responseStatus: response.status,
      responseBody: text ? JSON.parse(text) : null,
      responseHeaders: headers,
    },
  });
  return response;
}

function replay(stored: Stored): Response {
  const headers = new Headers((stored.responseHeaders ?? {}) as Record<string, string>);
  headers.set("Idempotency-Status", "replayed");
  return new Response(stored.responseBody === null ? null : JSON.stringify(stored.responseBody), {
    status: stored.responseStatus ?? 200,
    headers,
  });
}
