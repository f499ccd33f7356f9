// Nothing lost on a crash (issue 23): the production server (`npm start` on PostgreSQL, embedded
// queue, webhook ladder at WEBHOOK_TIME_SCALE=0.1) is SIGKILLed — its whole process group, no
// shutdown hook — while webhook attempts, a live verification with an Idempotency-Key and a batch
// are in flight, then restarted (or, with two instances on one database, left to the survivor).
// Everything must recover by itself: every event acknowledged within 2 minutes, with one event id
// and a valid signature; the keyed retry answered within a minute with one verification and at
// most one charge; a multipart retry replayed; the batch complete with 10 verifications and one
// batch.completed; no credit charged without a result.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { AppInstance } from "./support/crash/app-instance";
import { DocumentServer } from "./support/crash/document-server";
import { checkRecovery, putWorkInFlight } from "./support/crash/outstanding-work";
import { Receiver } from "./support/crash/receiver";
import { businessUser, createWorld, migrate, sleep, until, type World } from "./support/crash/world";

const PORTS = [3201, 3202];
const LOG_DIR = path.join(process.cwd(), "test-results", "crash");

test.describe.configure({ mode: "serial", timeout: 300_000 });

let world: World;
let receiver: Receiver;
let docs: DocumentServer;
let instances: AppInstance[] = [];
/** One Business user (test and live tokens) per test, so each test counts only its own events. */
let users: Array<Awaited<ReturnType<typeof businessUser>>>;

test.beforeAll(async () => {
  // The database, its migrations and two users through the CLI: a few tsx start-ups, slow on a loaded machine.
  test.setTimeout(300_000);
  mkdirSync(LOG_DIR, { recursive: true });
  world = await createWorld();
  receiver = new Receiver();
  docs = new DocumentServer();
  await Promise.all([receiver.listen(), docs.listen(), migrate(world)]);
  users = await Promise.all([businessUser(world), businessUser(world)]);
});

test.afterEach(async () => {
  await Promise.all(instances.map((i) => i.kill()));
  instances = [];
});

test.afterAll(async () => {
  await Promise.all([receiver?.close(), docs?.close()]);
  await world?.drop();
});

function instance(name: string, port: number): AppInstance {
  const app = new AppInstance(name, port, { ...world.env, APP_URL: `http://127.0.0.1:${port}` }, LOG_DIR);
  instances.push(app);
  return app;
}

/**
 * After the kill: deliveries are acknowledged and documents served, to a surviving instance at once.
 * First the connections of the killed processes are let close, so none of them is answered.
 */
async function recoverOutside(): Promise<void> {
  await sleep(1000);
  receiver.acknowledgeAll();
  docs.release();
}

test("a server killed with work in flight recovers all of it after a restart", async () => {
  const app = instance("single", PORTS[0]);
  await app.start();
  const tokens = users[0];
  const work = await putWorkInFlight(world, app.url, tokens, receiver, docs);

  await app.kill();
  await recoverOutside();
  const restarting = Date.now();
  await app.start();
  const restarted = Date.now();
  const recovery = await checkRecovery(world, app.url, tokens, work, receiver, restarted);
  console.log(
    `crash (one instance): restart ${restarted - restarting} ms; after it, ${recovery.lostAttempts} attempts lost in flight ` +
      `acknowledged by ${recovery.lostAttemptsAckedMs} ms, keyed retry answered at ${recovery.liveAnsweredMs} ms, ` +
      `batch completed at ${recovery.batchCompletedMs} ms, last of ${recovery.events} events acknowledged at ${recovery.lastAcknowledgedMs} ms`,
  );
});

test("with two instances on one database, the survivor takes over the work of the one killed", async () => {
  const [a, b] = [instance("pair-a", PORTS[0]), instance("pair-b", PORTS[1])];
  await Promise.all([a.start(), b.start()]); // the migrations are applied already
  const tokens = users[1];
  const work = await putWorkInFlight(world, a.url, tokens, receiver, docs);
  // The instance killed holds webhook attempts and the keyed request's document fetch (batch
  // fetches may be on either instance).
  let seen = "";
  await until("instance A to hold webhook attempts and a fetch", 15_000, async () => {
    const [attempts, fetches] = [a.connectionsTo(receiver.port), a.connectionsTo(docs.port)];
    seen = `${attempts} attempts, ${fetches} fetches`;
    return attempts > 0 && fetches > 0 ? true : undefined;
  }).catch((error: Error) => {
    throw new Error(`${error.message} (A held ${seen})`);
  });

  await a.kill();
  const killed = Date.now();
  await recoverOutside();
  const recovery = await checkRecovery(world, b.url, tokens, work, receiver, killed);
  console.log(
    `crash (two instances, one killed): after the kill, ${recovery.lostAttempts} attempts lost in flight ` +
      `acknowledged by ${recovery.lostAttemptsAckedMs} ms, keyed retry answered at ${recovery.liveAnsweredMs} ms, ` +
      `batch completed at ${recovery.batchCompletedMs} ms, last of ${recovery.events} events acknowledged at ${recovery.lastAcknowledgedMs} ms`,
  );
});
