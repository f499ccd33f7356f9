// Nothing lost on a crash (issue 23): the production server (`npm start` on PostgreSQL, embedded
// queue, webhook ladder at WEBHOOK_TIME_SCALE=0.1) is SIGKILLed — its whole process group, no
// shutdown hook — while webhook attempts, a live verification with an Idempotency-Key, a live and a
// test batch and an upload of the web application in the engine are in flight, then restarted (or, with two
// instances on one database, left to the survivor). Everything must recover by itself: every event
// acknowledged within 2 minutes, with one event id and a valid signature; the keyed retry answered
// within a minute with one verification and at most one charge; a multipart retry replayed; the
// test batch complete with 10 verifications and one batch.completed, the live one with one; the web upload failed and refunded
// within 150 s; no credit charged twice or without a result.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { AppInstance } from "./support/crash/app-instance";
import { DocumentServer } from "./support/crash/document-server";
import { checkRecovery, putWorkInFlight, type Tokens, uniqueDiploma } from "./support/crash/outstanding-work";
import { Receiver } from "./support/crash/receiver";
import { signIn, startWebUpload } from "./support/crash/web-upload";
import { businessUser, createWorld, migrate, sleep, until, type World } from "./support/crash/world";

// A port of its own per instance of each test: the client's pool may still hold a keep-alive
// connection to a port whose server the previous test killed, and reset the next test's request.
const PORTS = { single: 3201, pair: [3202, 3203] };
const LOG_DIR = path.join(process.cwd(), "test-results", "crash");

test.describe.configure({ mode: "serial", timeout: 540_000 });

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

test.afterEach(async ({}, testInfo) => {
  await Promise.all(instances.map((i) => i.kill()));
  // CI keeps only the console: a failure shows the end of each server's log, where the cause is.
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const i of instances) {
      const log = path.join(LOG_DIR, `${i.name}.log`);
      if (existsSync(log))
        console.log(`--- last lines of ${i.name}.log\n${readFileSync(log, "utf8").split("\n").slice(-60).join("\n")}`);
    }
  }
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

/** Last before the kill: an upload of the web application whose analysis has started in the engine. */
async function webUploadInEngine(front: string, tokens: Tokens) {
  const jwt = await signIn(front, tokens.email, tokens.password);
  return startWebUpload(front, jwt, uniqueDiploma(`web upload of ${tokens.userId}`));
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
  const app = instance("single", PORTS.single);
  await app.start();
  const tokens = users[0];
  const work = await putWorkInFlight(world, app.url, tokens, receiver, docs);
  const web = await webUploadInEngine(app.url, tokens);

  await app.kill();
  await recoverOutside();
  const restarting = Date.now();
  await app.start();
  const restarted = Date.now();
  const recovery = await checkRecovery(world, app.url, tokens, work, receiver, web, restarted);
  console.log(
    `crash (one instance): restart ${restarted - restarting} ms; after it, ${recovery.lostAttempts} attempts lost in flight ` +
      `acknowledged by ${recovery.lostAttemptsAckedMs} ms, keyed retry answered at ${recovery.liveAnsweredMs} ms, ` +
      `batch completed at ${recovery.batchCompletedMs} ms, last of ${recovery.events} events acknowledged at ${recovery.lastAcknowledgedMs} ms, ` +
      `web upload refunded at ${recovery.webRefundedMs} ms`,
  );
});

test("with two instances on one database, the survivor takes over the work of the one killed", async () => {
  const [a, b] = [instance("pair-a", PORTS.pair[0]), instance("pair-b", PORTS.pair[1])];
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
  const web = await webUploadInEngine(a.url, tokens);

  await a.kill();
  const killed = Date.now();
  await recoverOutside();
  const recovery = await checkRecovery(world, b.url, tokens, work, receiver, web, killed);
  console.log(
    `crash (two instances, one killed): after the kill, ${recovery.lostAttempts} attempts lost in flight ` +
      `acknowledged by ${recovery.lostAttemptsAckedMs} ms, keyed retry answered at ${recovery.liveAnsweredMs} ms, ` +
      `batch completed at ${recovery.batchCompletedMs} ms, last of ${recovery.events} events acknowledged at ${recovery.lastAcknowledgedMs} ms, ` +
      `web upload refunded at ${recovery.webRefundedMs} ms`,
  );
});
