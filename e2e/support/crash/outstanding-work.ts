// The kinds of work the issue found lost at a crash, put in flight together on running app
// instances: webhook attempts held open by the receiver (and some refused, some not yet made), a
// live verification with an Idempotency-Key whose document is still being fetched, a completed
// multipart upload with a key (retried after the restart with a new boundary), a live batch of one
// whose document is still being fetched, and a test batch of 10 whose last five documents are. An upload of the web application in the
// engine (web-upload.ts) is started by the spec just before the kill. `checkRecovery` then checks
// every outcome.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import type { DocumentServer } from "./document-server";
import type { Receiver } from "./receiver";
import type { WebUpload } from "./web-upload";
import { type World, until } from "./world";

/**
 * Time a loaded machine adds to each wait: CI runs the browser suite beside vitest on two cores,
 * where the engine reads a page two to three times slower. These waits bound liveness, not speed
 * (the bench scripts measure speed): each keeps the product's own timing (a sweep's minute) and
 * this slack on top.
 */
const LOADED_SLACK_MS = 120_000;

const DIPLOMA = readFileSync(path.join(process.cwd(), "e2e/fixtures/diploma.pdf"));

export interface Tokens {
  userId: string;
  test: string;
  live: string;
  email: string;
  password: string;
}

/** The diploma with a line of its own appended, so no earlier analysis of the same bytes is reused. */
export const uniqueDiploma = (tag: string) => Buffer.concat([DIPLOMA, Buffer.from(`\n% ${tag}\n`)]);

interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

export async function call(
  base: string,
  token: string,
  method: string,
  url: string,
  init: RequestInit = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : {} };
}

const jsonBody = (body: unknown): RequestInit => ({
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

function uploadForm(): FormData {
  const form = new FormData();
  form.append("file", new File([DIPLOMA], "diploma.pdf", { type: "application/pdf" }));
  form.append("mode", "standard");
  return form;
}

export interface InFlight {
  batchId: string;
  liveBatchId: string;
  liveKey: string;
  liveBody: unknown;
  uploadKey: string;
  uploadId: string;
}

/** Puts the work in flight through `front` (the instance that will be killed); resolves once all of it is. */
export async function putWorkInFlight(
  world: World,
  front: string,
  tokens: Tokens,
  receiver: Receiver,
  docs: DocumentServer,
): Promise<InFlight> {
  const endpoint = await call(front, tokens.test, "POST", "/v1/webhooks", jsonBody({ url: receiver.url }));
  expect(endpoint.status, JSON.stringify(endpoint.json)).toBe(200);
  receiver.secret = String(endpoint.json.secret);

  // A live multipart upload with a key, completed before the kill.
  const uploadKey = `upload-${tokens.userId}`;
  const upload = await call(front, tokens.live, "POST", "/v1/verifications", {
    body: uploadForm(),
    headers: { "idempotency-key": uploadKey },
  });
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);

  // A live batch of one whose document is held while it is fetched: the item is being processed at
  // the kill, and is charged once, only when it completes. Sent before the test batch so its job is
  // claimed first (the queue runs jobs in the order they were written).
  const liveItemPath = `/live-batch-${tokens.userId}.pdf`;
  docs.holding.add(liveItemPath);
  const liveItem = { url: docs.add(liveItemPath, "application/pdf", uniqueDiploma(`batch item of ${tokens.userId}`)) };
  const liveBatch = await call(
    front,
    tokens.live,
    "POST",
    "/v1/verifications/batch",
    jsonBody({ documents: [liveItem] }),
  );
  expect(liveBatch.status, JSON.stringify(liveBatch.json)).toBe(202);

  // A batch of 10: five documents answered at once, five held while they are fetched.
  const documents = Array.from({ length: 10 }, (_, i) => {
    const path = `/batch-${tokens.userId}-${i}.png`;
    if (i >= 5) docs.holding.add(path);
    return {
      url: docs.add(path, "image/png", Buffer.from(`credence-test:VERIFIED:${tokens.userId}:${i}`)),
      file_name: `item-${i}.png`,
    };
  });
  const batch = await call(front, tokens.test, "POST", "/v1/verifications/batch", jsonBody({ documents }));
  expect(batch.status, JSON.stringify(batch.json)).toBe(202);

  // A live verification with a key whose document is held: the request is in flight at the kill.
  const livePath = `/live-${tokens.userId}.pdf`;
  docs.holding.add(livePath);
  const liveBody = { document_url: docs.add(livePath, "application/pdf", DIPLOMA) };
  const liveKey = `live-${tokens.userId}`;
  void call(front, tokens.live, "POST", "/v1/verifications", {
    ...jsonBody(liveBody),
    headers: { "content-type": "application/json", "idempotency-key": liveKey },
  }).catch(() => undefined); // the kill cuts it off

  // 20 verification.completed events: the receiver refuses the first 8 deliveries and holds the rest.
  receiver.refuseThenHold(8);
  for (let i = 0; i < 20; i += 5) {
    await Promise.all(
      Array.from({ length: 5 }, async (_, j) => {
        const doc = Buffer.from(`credence-test:VERIFIED:${tokens.userId}:event-${i + j}`).toString("base64");
        const res = await call(
          front,
          tokens.test,
          "POST",
          "/v1/verifications",
          jsonBody({ document_base64: doc, content_type: "image/png" }),
        );
        expect(res.status).toBe(200);
      }),
    );
  }

  let seen = "";
  await until("the work to be in flight", 30_000, async () => {
    const { rows } = await world.db.query<{ completed: number }>("SELECT completed FROM batches WHERE id = $1", [
      batch.json.id,
    ]);
    const { rows: live } = await world.db.query<{ status: string }>(
      'SELECT status FROM batch_items WHERE "batchId" = $1',
      [liveBatch.json.id],
    );
    const fetching = docs.heldCount();
    seen = `${receiver.count("held")} held, ${receiver.count("refused")} refused, ${rows[0].completed} batch items completed, ${fetching} fetches held, live item ${live[0].status}`;
    return receiver.count("held") >= 8 &&
      receiver.count("refused") === 8 &&
      rows[0].completed >= 5 &&
      live[0].status === "processing" &&
      fetching >= 3
      ? true
      : undefined;
  }).catch((error: Error) => {
    throw new Error(`${error.message} (seen: ${seen})`);
  });
  return {
    batchId: String(batch.json.id),
    liveBatchId: String(liveBatch.json.id),
    liveKey,
    liveBody,
    uploadKey,
    uploadId: String(upload.json.id),
  };
}

export interface Recovery {
  /** Deliveries whose attempt died with the killed process, and when the last of them was acknowledged. */
  lostAttempts: number;
  lostAttemptsAckedMs: number;
  liveAnsweredMs: number;
  lastAcknowledgedMs: number;
  batchCompletedMs: number;
  events: number;
  /** When the sweep had failed and refunded the web upload cut off by the kill. */
  webRefundedMs: number;
}

/** After the kill: the receiver acknowledges, documents are served; checks every outcome through `survivor`. */
export async function checkRecovery(
  world: World,
  survivor: string,
  tokens: Tokens,
  work: InFlight,
  receiver: Receiver,
  web: WebUpload,
  since: number,
): Promise<Recovery> {
  // Still "held": the attempts whose sender was killed (a live sender's were answered at release).
  const lost = new Set(receiver.received.filter((r) => r.answer === "held").map((r) => r.eventId));
  expect(lost.size).toBeGreaterThan(0);
  /** What is left of a wait of `budgetMs` counted from `since`, with a loaded machine's slack on top. */
  const left = (budgetMs: number) => Math.max(0, budgetMs + LOADED_SLACK_MS - (Date.now() - since));

  // A retry with the same key within a minute: one verification, at most one charge.
  const live = await until("the retried live verification", 60_000 + LOADED_SLACK_MS, async () => {
    const res = await call(survivor, tokens.live, "POST", "/v1/verifications", {
      ...jsonBody(work.liveBody),
      headers: { "content-type": "application/json", "idempotency-key": work.liveKey },
    }).catch(() => undefined);
    return res && res.status !== 409 ? res : undefined;
  });
  const liveAnsweredMs = Date.now() - since;
  expect(live.status, JSON.stringify(live.json)).toBe(200);
  expect(live.json.status).toBe("completed");

  // The upload retried with the same key and a new multipart boundary replays.
  const upload = await call(survivor, tokens.live, "POST", "/v1/verifications", {
    body: uploadForm(),
    headers: { "idempotency-key": work.uploadKey },
  });
  expect(upload.status).toBe(200);
  expect(upload.headers.get("idempotency-status")).toBe("replayed");
  expect(upload.json.id).toBe(work.uploadId);

  // The batch completes: 10 verifications, one per item.
  const batch = await until("the batch to complete", left(120_000), async () => {
    const res = await call(survivor, tokens.test, "GET", `/v1/batches/${work.batchId}`);
    return res.json.status === "completed" ? res.json : undefined;
  });
  const batchCompletedMs = Date.now() - since;
  const items = batch.items as Array<{ status: string; verification_id: string | null }>;
  expect(items.map((i) => i.status)).toEqual(Array(10).fill("completed"));
  expect(new Set(items.map((i) => i.verification_id)).size).toBe(10);
  const made = await world.db.query('SELECT id FROM verifications WHERE "batchId" = $1', [work.batchId]);
  expect(made.rowCount).toBe(10);
  const completedEvents = await world.db.query(
    "SELECT id FROM events WHERE type = 'batch.completed' AND data->'batch'->>'id' = $1",
    [work.batchId],
  );
  expect(completedEvents.rowCount).toBe(1);

  // The live item: completed once, with one verification (charged once: checked with the ledger below).
  const liveBatch = await until("the live batch to complete", left(120_000), async () => {
    const res = await call(survivor, tokens.live, "GET", `/v1/batches/${work.liveBatchId}`);
    return res.json.status === "completed" ? res.json : undefined;
  });
  const liveItem = (liveBatch.items as Array<{ status: string; verification_id: string | null }>)[0];
  expect(liveItem.status).toBe("completed");
  const liveMade = await world.db.query('SELECT id FROM verifications WHERE "batchId" = $1', [work.liveBatchId]);
  expect(liveMade.rows.map((r) => r.id)).toEqual([liveItem.verification_id]);

  // Every event of the account acknowledged within 2 minutes of the restart.
  const { rows: events } = await world.db.query<{ id: string }>(
    'SELECT id FROM events WHERE "userId" = $1 AND livemode = false',
    [tokens.userId],
  );
  await until("every event to be acknowledged", left(120_000), async () => {
    const acked = receiver.acknowledged();
    return events.every((e) => acked.has(e.id)) ? true : undefined;
  });
  const acked = receiver.acknowledged();
  const lastAcknowledgedMs = Math.max(...events.map((e) => acked.get(e.id)!)) - since;
  // An attempt lost in flight is made again within 60 s (its lease and the supervisor's pass).
  const lostAttemptsAckedMs = Math.max(...[...lost].map((id) => acked.get(id)!)) - since;
  expect(lostAttemptsAckedMs).toBeLessThanOrEqual(60_000);
  // 20 verification.completed, one per batch item (10), and batch.completed: none missing.
  expect(events.length).toBe(20 + 10 + 1);
  for (const r of receiver.received) {
    expect(r.signatureOk).toBe(true);
    expect(r.eventId).toBe(r.bodyEventId);
  }
  const batchDone = receiver.received.filter((r) => r.type === "batch.completed");
  expect(new Set(batchDone.map((r) => r.eventId)).size).toBe(1);

  // The web upload cut off in the engine: its stream broke, and a sweep fails and refunds its row
  // (45 s without a heartbeat, then the sweep's minute).
  expect(web.ending()).toBe("cut");
  const webRow = await until("the interrupted web upload to be refunded", left(150_000), async () => {
    const { rows } = await world.db.query<{ status: string; error: { code: string } | null }>(
      "SELECT status, error FROM verifications WHERE id = $1",
      [web.verificationId],
    );
    return rows[0].status === "pending" ? undefined : rows[0];
  });
  const webRefundedMs = Date.now() - since;
  expect(webRow.status).toBe("failed");
  expect(webRow.error?.code).toBe("analysis_interrupted");

  // Live mode: one verification per request; each one's debits and refunds add up to what it was
  // charged, and only one with a result was charged (once: the ledger's references are unique).
  const { rows: liveRows } = await world.db.query<{ id: string; status: string; creditsCharged: number }>(
    'SELECT id, status, "creditsCharged" FROM verifications WHERE "userId" = $1 AND livemode = true',
    [tokens.userId],
  );
  expect(liveRows.map((v) => v.id).sort()).toEqual(
    [work.uploadId, String(live.json.id), web.verificationId, String(liveItem.verification_id)].sort(),
  );
  const { rows: ledger } = await world.db.query<{ verificationId: string | null; delta: number }>(
    'SELECT "verificationId", delta FROM credit_ledger WHERE "userId" = $1 AND "verificationId" IS NOT NULL',
    [tokens.userId],
  );
  for (const v of liveRows) {
    const net = ledger.filter((l) => l.verificationId === v.id).reduce((sum, l) => sum + l.delta, 0);
    expect(net + v.creditsCharged, `credits taken for ${v.id} (${v.status}) against its charge`).toBe(0);
    if (v.status !== "completed") expect(v.creditsCharged).toBe(0);
  }
  expect(liveRows.filter((v) => v.creditsCharged > 0).length).toBe(3);
  expect(ledger.every((l) => liveRows.some((v) => v.id === l.verificationId))).toBe(true);
  return {
    webRefundedMs,
    lostAttempts: lost.size,
    lostAttemptsAckedMs,
    liveAnsweredMs,
    lastAcknowledgedMs,
    batchCompletedMs,
    events: events.length,
  };
}
