// npm run bench:webhooks -- [--events N] [--rate R] [--rounds K] [--pglite]
//
// Webhook delivery through the embedded engine (emitEvent → pg-boss → signed POST) to a real local
// receiver, side by side with a bare loop POSTing the same signed payloads straight away with
// the same concurrency (no database, no queue). Each side first sends a tenth of the burst
// unmeasured (at least 20), so both are measured warm: compiled code, open connections and
// prepared statements (the bare loop used to run second and so inherited the engine's warm-up).
// Two measurements each:
//   burst:  N events at once; deliveries per second until the last one arrives. K rounds, the
//           two sides in turn, and the medians: a burst of 500 lasts a fraction of a second, and
//           one round of each varied by a third from run to run on a quiet machine. The events
//           come from as many callers as there are delivery workers (deliveries are measured),
//           and again from as many as the receiver's connections, each waiting for its event to
//           be stored before the next: that burst is bound by the emission, a round trip to the
//           database that the bare loop does not make;
//   paced:  events at R per second; time from event to first attempt (arrival), p50 and p95;
//   backlog (engine): N events queued while no worker runs, then the rate at which they drain.
// Runs on a fresh database on the local PostgreSQL (TEST_DATABASE_URL or
// postgresql://postgres@127.0.0.1:5432/postgres), or on an embedded PGlite with --pglite.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminQuery, databaseBackendsCpuMs } from "./server-processes";

interface Args {
  events: number;
  rate: number;
  rounds: number;
  pglite: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { events: 500, rate: 20, rounds: 5, pglite: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--events") args.events = Number(argv[++i]);
    else if (argv[i] === "--rate") args.rate = Number(argv[++i]);
    else if (argv[i] === "--rounds") args.rounds = Number(argv[++i]);
    else if (argv[i] === "--pglite") args.pglite = true;
    else
      throw new Error(
        `unknown option ${argv[i]}; usage: npm run bench:webhooks -- [--events N] [--rate R] [--rounds K] [--pglite]`,
      );
  }
  if (!(args.events >= 10 && args.rate > 0 && Number.isInteger(args.rounds) && args.rounds >= 1))
    throw new Error("--events must be ≥ 10, --rate > 0 and --rounds a whole number ≥ 1");
  return args;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  const dbName = `credence_bench_${randomBytes(4).toString("hex")}`;
  process.env.CREDENCE_DATA_DIR = mkdtempSync(path.join(tmpdir(), "credence-bench-"));
  process.env.FETCH_ALLOW_PRIVATE = "true";
  process.env.LOG_LEVEL = "warn";
  process.env.JOB_ENGINE = "embedded";
  if (args.pglite) {
    delete process.env.DATABASE_URL;
  } else {
    await adminQuery(admin, `CREATE DATABASE ${dbName}`);
    const url = new URL(admin);
    url.pathname = `/${dbName}`;
    process.env.DATABASE_URL = url.toString();
    const { migrateDatabase } = await import("../lib/db/migrate-embedded");
    await migrateDatabase({ databaseUrl: url.toString() });
  }

  const { closeDb, getDb } = await import("../lib/db");
  const { emitEvent } = await import("../lib/events/emit-event");
  const { stopJobWorkers } = await import("../lib/jobs/workers");
  const { startJobWorkers } = await import("../server/jobs");
  const { createUser } = await import("../lib/users/create-user");
  const { createEndpoint } = await import("../lib/webhooks/create-endpoint");
  const { deliverWebhookJob } = await import("../lib/webhooks/delivery-job");
  const { RECEIVER_CONNECTIONS, sendWebhook } = await import("../lib/webhooks/send-webhook");
  const { signatureHeader, EVENT_ID_HEADER, SIGNATURE_HEADER } = await import("../lib/webhooks/sign");
  const { startWebhookReceiver } = await import("../tests/helpers/webhook-receiver");

  const receiver = await startWebhookReceiver(() => 204);
  const arrivalOf = (id: string) => receiver.received.find((r) => r.headers["x-service-event-id"] === id)?.at;
  const db = await getDb();
  const user = await createUser(db, { email: `bench-${randomBytes(4).toString("hex")}@example.test`, plan: "pro" });
  const owner = { userId: user.id, livemode: false };
  const endpoint = await createEndpoint(db, owner, { url: receiver.url });
  await startJobWorkers();
  // One receiver gets at most RECEIVER_CONNECTIONS requests at once: the bare loop POSTs with as many.
  const concurrency = RECEIVER_CONNECTIONS;
  const payload = (i: number) => ({
    verification: {
      id: `ver_bench_${i}`,
      object: "verification",
      status: "completed",
      verdict: "VERIFIED",
      confidence: 0.97,
    },
  });

  async function waitForArrivals(count: number) {
    await receiver.waitFor(count, 600_000);
  }

  const warmCount = Math.max(20, Math.round(args.events / 10));
  let base = receiver.received.length;
  await Promise.all(
    Array.from({ length: warmCount }, (_, i) =>
      emitEvent(db, { ...owner, type: "verification.completed", data: payload(i) }),
    ),
  );
  await waitForArrivals(base + warmCount);

  // CPU time per delivery, this process's and the database's: unlike the rates, a figure that does
  // not depend much on what else the machine runs (the rates compare only on a quiet machine).
  const cpuNow = async () => ({
    node: process.cpuUsage(),
    db: args.pglite ? Number.NaN : await databaseBackendsCpuMs(admin, dbName),
  });
  const cpuPerDelivery = (from: Awaited<ReturnType<typeof cpuNow>>, to: Awaited<ReturnType<typeof cpuNow>>) => {
    const node = process.cpuUsage(from.node);
    return { node: (node.user + node.system) / 1000 / args.events, db: (to.db - from.db) / args.events };
  };

  // ── Bursts: the engine and the bare loop in turn ──
  // Emitted from as many parallel callers as there are delivery workers (API requests arrive in
  // parallel too): then deliveries are what is measured. Emitted from as many as the receiver
  // takes requests at once, each waiting for its event's statement before the next: then the
  // emission is (the bare loop has none).
  const manyCallers = deliverWebhookJob.concurrency ?? concurrency;
  async function emitBurst(callers: number) {
    let next = 0;
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (next < args.events) {
          const i = next++;
          await emitEvent(db, { ...owner, type: "verification.completed", data: payload(i) });
        }
      }),
    );
  }
  async function engineBurst(callers: number) {
    const base = receiver.received.length;
    const cpuFrom = await cpuNow();
    const start = Date.now();
    await emitBurst(callers);
    const emitted = Date.now();
    await waitForArrivals(base + args.events);
    return {
      perSecond: args.events / ((Date.now() - start) / 1000),
      emitPerSecond: args.events / ((emitted - start) / 1000),
      cpu: cpuPerDelivery(cpuFrom, await cpuNow()),
    };
  }

  const secret = endpoint.secret;
  const post = async (i: number, id: string) => {
    const body = JSON.stringify({
      id,
      object: "event",
      type: "verification.completed",
      api_version: "2026-11-01",
      created: new Date().toISOString(),
      livemode: false,
      data: payload(i),
    });
    await sendWebhook({
      url: receiver.url,
      livemode: false,
      body,
      headers: {
        [SIGNATURE_HEADER]: signatureHeader(body, secret, Math.floor(Date.now() / 1000)),
        [EVENT_ID_HEADER]: id,
      },
    });
  };
  // The same signed payloads, POSTed at once with the same concurrency.
  let bareBatch = 0;
  async function bareBurst() {
    const batch = bareBatch++;
    const base = receiver.received.length;
    const cpuFrom = await cpuNow();
    const start = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < args.events) {
          const i = next++;
          await post(i, `evt_bare_burst_${batch}_${i}`);
        }
      }),
    );
    await waitForArrivals(base + args.events);
    return { perSecond: args.events / ((Date.now() - start) / 1000), cpu: cpuPerDelivery(cpuFrom, await cpuNow()) };
  }
  base = receiver.received.length;
  await Promise.all(Array.from({ length: warmCount }, (_, i) => post(i, `evt_bare_warm_${i}`)));
  await waitForArrivals(base + warmCount);

  // Rounds in turn: engine with many callers, bare loop, engine with few callers.
  const manyRounds: Array<Awaited<ReturnType<typeof engineBurst>>> = [];
  const fewRounds: Array<Awaited<ReturnType<typeof engineBurst>>> = [];
  const bareRounds: Array<Awaited<ReturnType<typeof bareBurst>>> = [];
  for (let round = 0; round < args.rounds; round++) {
    manyRounds.push(await engineBurst(manyCallers));
    bareRounds.push(await bareBurst());
    fewRounds.push(await engineBurst(concurrency));
  }
  const median = (values: number[]) => percentile(values, 50);
  const summary = (rounds: typeof manyRounds) => ({
    engine: median(rounds.map((r) => r.perSecond)),
    ratio: median(rounds.map((r, i) => r.perSecond / bareRounds[i].perSecond)),
    emitPerSecond: median(rounds.map((r) => r.emitPerSecond)),
    cpu: { node: median(rounds.map((r) => r.cpu.node)), db: median(rounds.map((r) => r.cpu.db)) },
  });
  const burst = {
    many: summary(manyRounds),
    few: summary(fewRounds),
    bare: median(bareRounds.map((r) => r.perSecond)),
    bareCpu: median(bareRounds.map((r) => r.cpu.node)),
  };

  // ── Engine: paced ──
  const pacedCount = Math.min(args.events, Math.max(20, Math.round(args.rate * 10)));
  base = receiver.received.length;
  const sentAt = new Map<string, number>();
  const emitMs: number[] = [];
  for (let i = 0; i < pacedCount; i++) {
    const t = Date.now();
    const { event } = await emitEvent(db, { ...owner, type: "verification.completed", data: payload(i) });
    emitMs.push(Date.now() - t);
    sentAt.set(event.id, t);
    await sleep(Math.max(0, 1000 / args.rate - (Date.now() - t)));
  }
  await waitForArrivals(base + pacedCount);
  const engineLatency = [...sentAt].map(([id, t]) => (arrivalOf(id) ?? Number.NaN) - t);

  // ── Engine: backlog ──
  // Deliveries queued while no worker runs (a restart; as a receiver back from an outage is), then drained.
  await stopJobWorkers();
  base = receiver.received.length;
  await emitBurst(manyCallers);
  const drainStart = Date.now();
  await startJobWorkers();
  await waitForArrivals(base + args.events);
  const backlogPerSecond = args.events / ((Date.now() - drainStart) / 1000);
  await stopJobWorkers();

  // ── Bare loop, paced ──
  const bareSent = new Map<string, number>();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < pacedCount; i++) {
    const t = Date.now();
    const id = `evt_bare_paced_${i}`;
    bareSent.set(id, t);
    inFlight.push(post(i, id));
    await sleep(Math.max(0, 1000 / args.rate - (Date.now() - t)));
  }
  await Promise.all(inFlight);
  const bareLatency = [...bareSent].map(([id, t]) => (arrivalOf(id) ?? Number.NaN) - t);

  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  const rows: Array<[string, string, string]> = [
    [
      `burst of ${args.events} from ${manyCallers} callers: deliveries/s (median of ${args.rounds})`,
      fmt(burst.many.engine),
      fmt(burst.bare),
    ],
    ["  engine ÷ bare loop (median of the rounds' ratios)", fmt(burst.many.ratio, 2), "—"],
    ["  events emitted/s (emitEvent)", fmt(burst.many.emitPerSecond), "—"],
    ["  CPU ms per delivery, this process", fmt(burst.many.cpu.node, 2), fmt(burst.bareCpu, 2)],
    ["  CPU ms per delivery, PostgreSQL", fmt(burst.many.cpu.db, 2), "—"],
    [
      `burst of ${args.events} from ${concurrency} callers (bound by emission): deliveries/s`,
      fmt(burst.few.engine),
      "—",
    ],
    ["  engine ÷ bare loop (median of the rounds' ratios)", fmt(burst.few.ratio, 2), "—"],
    ["  events emitted/s (emitEvent)", fmt(burst.few.emitPerSecond), "—"],
    [`backlog of ${args.events} queued with no worker running: deliveries/s`, fmt(backlogPerSecond), "—"],
    [
      `paced ${args.rate}/s × ${pacedCount}: event → first attempt p50 (ms)`,
      fmt(percentile(engineLatency, 50)),
      fmt(percentile(bareLatency, 50)),
    ],
    [`paced: event → first attempt p95 (ms)`, fmt(percentile(engineLatency, 95)), fmt(percentile(bareLatency, 95))],
    [
      "paced: emitEvent call itself p50 / p95 (ms)",
      `${fmt(percentile(emitMs, 50), 0)} / ${fmt(percentile(emitMs, 95), 0)}`,
      "—",
    ],
    [`paced: event → first attempt max (ms)`, fmt(Math.max(...engineLatency)), fmt(Math.max(...bareLatency))],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(
    `\nWebhook delivery, ${args.pglite ? "embedded PGlite" : "PostgreSQL"}, one receiver, ${concurrency} requests at once (workers ${deliverWebhookJob.concurrency}, ${deliverWebhookJob.group?.limit} per endpoint)\n`,
  );
  console.log(`${"".padEnd(width)}  ${"engine".padStart(10)}  ${"bare loop".padStart(10)}`);
  for (const [name, a, b] of rows) console.log(`${name.padEnd(width)}  ${a.padStart(10)}  ${b.padStart(10)}`);
  const signed = receiver.received.filter((r) => typeof r.headers["x-service-signature"] === "string").length;
  console.log(`\n${receiver.received.length} requests received, ${signed} signed.`);

  await receiver.close();
  await closeDb();
  if (!args.pglite) await adminQuery(admin, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
