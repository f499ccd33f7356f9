// Idempotency-Key handling for POST endpoints, scoped to (user, mode, key), 24-hour window.
// The first request inserts an in-progress record (a unique index decides who is first) holding a
// lease, renews the lease while it runs and stores its response. A concurrent duplicate waits
// (bounded) for that response and replays it. Only 2xx responses are stored: an error releases
// the key so a corrected retry can run.
//
// A request whose process died leaves its record in progress with a lease nobody renews: once the
// lease is over, a retry takes the record over and runs again. Every run of one record creates its
// resource under the same id (reservedId), so the run that finds it already created returns it, and
// the database's unique id keeps a second verification or a second charge from being made.
import type { DbClient } from "../db";
import { claimIdempotencyKey } from "../db/statements/claim-idempotency-key";
import { ApiError } from "../http/errors";
import { type IdKind, newId, sameIdAs } from "../ids";
import { IDEMPOTENCY_WINDOW_MS } from "./idempotency-key";

/** How long a request holds its key without renewing it; a retry takes over after this. */
export const LEASE_MS = 20_000;
const RENEW_MS = 5_000;
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

/** What a run knows of its record: the id of the resource it creates, the same for every run. */
export interface IdempotentRun {
  reservedId: (kind: IdKind) => string;
}

interface Stored {
  id: string;
  requestHash: string;
  state: "in_progress" | "completed";
  responseStatus: number | null;
  responseBody: unknown;
  responseHeaders: unknown;
  leaseExpiresAt: Date;
}

export async function runIdempotent(
  db: DbClient,
  scope: IdempotencyScope,
  run: (record: IdempotentRun) => Promise<Response>,
): Promise<Response> {
  const owner = newId("request");
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = (await claim(db, scope, owner)) ?? (await takeOverExpired(db, scope, owner));
    if (claimed) return execute(db, claimed, owner, run);
    const existing = await find(db, scope);
    if (!existing) continue; // released between our insert and our read: try to claim again
    if (existing.requestHash !== scope.requestHash) {
      throw new ApiError(
        "idempotency_conflict",
        "This Idempotency-Key was already used with a different request (method, path, fields or file). Use a new key.",
      );
    }
    if (existing.state === "completed") return replay(existing);
    if (Date.now() > deadline) {
      throw new ApiError(
        "idempotency_conflict",
        "A request with this Idempotency-Key is still in progress. Retry later.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function claim(db: DbClient, scope: IdempotencyScope, owner: string): Promise<string | null> {
  // Expired records are removed first so the key can be reused after the window.
  await db.idempotencyRecord.deleteMany({
    where: { userId: scope.userId, livemode: scope.livemode, key: scope.key, expiresAt: { lt: new Date() } },
  });
  return claimIdempotencyKey(db, {
    ...scope,
    id: newId("idempotency"),
    owner,
    leaseSeconds: LEASE_MS / 1000,
    windowSeconds: IDEMPOTENCY_WINDOW_MS / 1000,
  });
}

/** Takes an in-progress record of this same request whose lease is over (its holder died). */
async function takeOverExpired(db: DbClient, scope: IdempotencyScope, owner: string): Promise<string | null> {
  const now = new Date();
  const where = {
    userId: scope.userId,
    livemode: scope.livemode,
    key: scope.key,
    requestHash: scope.requestHash,
    state: "in_progress" as const,
  };
  const taken = await db.idempotencyRecord.updateMany({
    where: { ...where, leaseExpiresAt: { lt: now } },
    data: { leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + LEASE_MS) },
  });
  if (taken.count === 0) return null;
  const record = await db.idempotencyRecord.findFirst({ where: { ...where, leaseOwner: owner }, select: { id: true } });
  return record?.id ?? null;
}

function find(db: DbClient, scope: IdempotencyScope): Promise<Stored | null> {
  return db.idempotencyRecord.findUnique({
    where: { userId_livemode_key: { userId: scope.userId, livemode: scope.livemode, key: scope.key } },
  });
}

function renewLease(db: DbClient, id: string, owner: string) {
  return db.idempotencyRecord.updateMany({
    where: { id, leaseOwner: owner, state: "in_progress" },
    data: { leaseExpiresAt: new Date(Date.now() + LEASE_MS) },
  });
}

async function execute(
  db: DbClient,
  id: string,
  owner: string,
  run: (record: IdempotentRun) => Promise<Response>,
): Promise<Response> {
  // A failed renewal is retried at the next tick; a lease that lapses meanwhile only lets a retry
  // run the same request again, under the same reserved id.
  const renewal = setInterval(() => void renewLease(db, id, owner).catch(() => undefined), RENEW_MS);
  const release = () => db.idempotencyRecord.deleteMany({ where: { id, leaseOwner: owner, state: "in_progress" } });
  let response: Response;
  try {
    response = await run({ reservedId: (kind) => sameIdAs(id, kind) });
  } catch (error) {
    await release();
    throw error;
  } finally {
    clearInterval(renewal);
  }
  if (response.status < 200 || response.status >= 300) {
    await release();
    return response;
  }
  const text = await response.clone().text();
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await db.idempotencyRecord.updateMany({
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
