// npm run bench:load -- [--seconds S] [--connections N] [--uploads N] [--endpoints N] [--sample S] [--instances 1|2]
//
// Mixed traffic for a fixed time on the production server (server.ts as `npm start` runs it,
// PostgreSQL, the embedded queue), then the same on two app instances sharing one database
// (`--instances 1` stops after the first, e.g. for a long run of one instance's memory):
//   - test-mode POST /v1/verifications, GET /v1/verifications/{id}, GET /v1/verifications, and two
//     pages (/ and /login), each from N keep-alive connections (autocannon);
//   - uploads through the web application's progress stream (POST /verify, signed in, a new scan
//     each time so the engine analyses every one), read to the verdict;
//   - webhook fan-out: every test verification's event goes to E endpoints on a local receiver.
// Figures: requests per second and p50 / p99 per route, 5xx answers (must be 0), the server's
// resident memory sampled every S seconds with its growth, and how long after the load the last
// webhook delivery arrived (none may be missing). A benchmark: it prints, it asserts nothing.
// Needs `npx next build` output (.next/BUILD_ID) and a local PostgreSQL (TEST_DATABASE_URL or
// postgresql://postgres@127.0.0.1:5432/postgres). On a shared machine run it with `nice`.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { hammer, type PlainRoute, RouteStats, streamUploads, WebhookReceiver } from "./load-traffic";
import { createScratchDatabase, groupRssMiB, productionEnv, startInstance, stopAndWait } from "./server-processes";

interface Args {
  seconds: number;
  connections: number;
  uploads: number;
  endpoints: number;
  sample: number;
  instances: number;
}

const USAGE =
  "usage: npm run bench:load -- [--seconds S] [--connections N] [--uploads N] [--endpoints N] [--sample S] [--instances 1|2]";

function parseArgs(argv: string[]): Args {
  const args: Args = { seconds: 30, connections: 4, uploads: 2, endpoints: 3, sample: 5, instances: 2 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "") as keyof Args;
    if (!(key in args) || !argv[i].startsWith("--")) throw new Error(`unknown option ${argv[i]}; ${USAGE}`);
    args[key] = Number(argv[i + 1]);
    if (!(args[key] > 0)) throw new Error(`${argv[i]} must be a positive number; ${USAGE}`);
  }
  return args;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Context {
  args: Args;
  env: NodeJS.ProcessEnv;
  testToken: string;
  jwt: string;
  receiver: WebhookReceiver;
  /** Events of the bench user so far (each is owed to every endpoint). */
  countEvents: () => Promise<number>;
}

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function phase(label: string, instances: number, ctx: Context): Promise<void> {
  const { args } = ctx;
  const running: Array<{ child: ChildProcess; base: string }> = [];
  for (let i = 0; i < instances; i++) running.push(await startInstance(ctx.env));
  const bases = running.map((r) => r.base);
  try {
    const auth = { authorization: `Bearer ${ctx.testToken}`, "content-type": "application/json" };
    const body = JSON.stringify({
      document_base64: Buffer.from("credence-test:VERIFIED:load bench document").toString("base64"),
      content_type: "application/pdf",
    });
    const created = await call(bases[0], ctx.testToken, "POST", "/v1/verifications", JSON.parse(body));
    const routes: PlainRoute[] = [
      { name: "POST /v1/verifications (test)", method: "POST", path: "/v1/verifications", headers: auth, body },
      {
        name: "GET /v1/verifications/{id}",
        method: "GET",
        path: `/v1/verifications/${String(created.id)}`,
        headers: auth,
      },
      { name: "GET /v1/verifications?limit=20", method: "GET", path: "/v1/verifications?limit=20", headers: auth },
      { name: "GET / (page)", method: "GET", path: "/" },
      { name: "GET /login (page)", method: "GET", path: "/login" },
    ];
    // Warm every route on every instance, unmeasured: compiled pages, and every engine worker with
    // its OCR engine loaded (one upload per core and instance), so the memory series starts warm.
    const warm = routes.map(() => new RouteStats());
    await Promise.all([
      ...routes.map((route, i) => hammer(route, bases, 1, 2, warm[i])),
      streamUploads(bases, ctx.jwt, availableParallelism() * instances, 1, new RouteStats(), new RouteStats()),
    ]);

    const perInstance = Math.max(1, Math.round(args.connections / instances));
    const stats = routes.map(() => new RouteStats());
    const uploads = new RouteStats();
    const firstEvent = new RouteStats();
    const rss: number[] = [];
    const sampleRss = () => rss.push(running.reduce((sum, r) => sum + groupRssMiB(r.child.pid), 0));
    const eventsBefore = await ctx.countEvents();
    sampleRss();
    const sampler = setInterval(sampleRss, args.sample * 1000);
    const [uploadSeconds] = await Promise.all([
      streamUploads(bases, ctx.jwt, args.uploads, args.seconds, uploads, firstEvent),
      ...routes.map((route, i) => hammer(route, bases, perInstance, args.seconds, stats[i])),
    ]);
    clearInterval(sampler);
    sampleRss();

    // Every event owes a delivery to every endpoint: wait for the last one (at most two minutes).
    const events = await ctx.countEvents();
    const owed = events * args.endpoints;
    const loadEnded = performance.now();
    while (ctx.receiver.unique() < owed && performance.now() - loadEnded < 120_000) await sleep(250);
    const drained =
      ctx.receiver.lastAt <= loadEnded
        ? "every one arrived before the load stopped"
        : `the last arrived ${((ctx.receiver.lastAt - loadEnded) / 1000).toFixed(1)} s after the load stopped`;

    console.log(
      `\n${label}: ${args.seconds} s (the last streams ended at ${uploadSeconds.toFixed(1)} s), ${perInstance} connection(s) per route per instance, ${args.uploads} streamed uploader(s); load average ${load()}`,
    );
    console.log(
      `${"route".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"2xx".padStart(7)} ${"4xx".padStart(5)} ${"5xx".padStart(5)} ${"errors".padStart(6)}`,
    );
    const row = (name: string, s: RouteStats, seconds: number) =>
      console.log(
        `${name.padEnd(34)} ${(s.latencies.length / seconds).toFixed(1).padStart(7)} ${s.percentile(50).toFixed(1).padStart(8)} ${s
          .percentile(99)
          .toFixed(1)
          .padStart(8)} ${String(s.count(200, 300)).padStart(7)} ${String(s.count(400, 500)).padStart(5)} ${String(
          s.count(500, 600),
        ).padStart(5)} ${String(s.errors + s.streamErrors).padStart(6)}`,
      );
    routes.forEach((route, i) => row(route.name, stats[i], args.seconds));
    row("POST /verify (stream to verdict)", uploads, uploadSeconds);
    row("  its first event", firstEvent, uploadSeconds);
    const all = [...stats, uploads];
    const total = all.reduce((sum, s) => sum + s.latencies.length, 0);
    const rate = stats.reduce(
      (sum, s) => sum + s.latencies.length / args.seconds,
      uploads.latencies.length / uploadSeconds,
    );
    const fivexx = all.reduce((sum, s) => sum + s.count(500, 600), 0);
    const errors = all.reduce((sum, s) => sum + s.errors + s.streamErrors, 0);
    console.log(
      `total ${rate.toFixed(1)} req/s (${total} requests); 5xx: ${fivexx}; timeouts, broken connections and failed streams: ${errors}`,
    );
    console.log(
      `webhooks: ${events - eventsBefore} events in the run × ${args.endpoints} endpoints; ${ctx.receiver.unique()} of ${owed} deliveries owed so far received ` +
        `(${ctx.receiver.deliveries.length - ctx.receiver.unique()} repeated), missing ${owed - ctx.receiver.unique()}; ` +
        drained,
    );
    const half = rss[Math.floor((rss.length - 1) / 2)];
    const last = rss[rss.length - 1];
    console.log(
      `RSS MiB (${instances === 1 ? "the server's processes" : `sum of ${instances} instances`}) every ${args.sample} s: ${rss
        .map((r) => r.toFixed(0))
        .join(" ")}; growth ${(last - rss[0]).toFixed(0)} MiB (${((100 * (last - rss[0])) / rss[0]).toFixed(1)} %) ` +
        `over the run, ${(last - half).toFixed(0)} MiB over its second half`,
    );
  } finally {
    for (const r of running) await stopAndWait(r.child);
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.error("bench:load needs the production build: run `npx next build` first.");
    process.exit(2);
  }
  const database = await createScratchDatabase("credence_load");
  const receiver = new WebhookReceiver();
  try {
    const env = {
      ...productionEnv(database.url, "credence-load"),
      JOB_ENGINE: "embedded",
      // The receiver is a plain-HTTP listener on this machine.
      FETCH_ALLOW_PRIVATE: "true",
      FETCH_HTTP_ALLOWLIST: "127.0.0.1",
    };
    for (const key of ["DATABASE_URL", "CREDENCE_DATA_DIR", "AUTH_SECRET", "CREDENCE_ENCRYPTION_KEY"] as const)
      process.env[key] = env[key];
    const [{ getDb, closeDb }, { createUser }, { createToken }, { signAppJwt }] = await Promise.all([
      import("../lib/db"),
      import("../lib/users/create-user"),
      import("../lib/tokens/create-token"),
      import("../lib/auth/jwt"),
    ]);
    const db = await getDb();
    const user = await createUser(db, {
      email: `load-${randomBytes(4).toString("hex")}@example.test`,
      plan: "business",
    });
    await db.user.update({ where: { id: user.id }, data: { creditBalance: 1_000_000 } });
    const { secret } = await createToken(db, { userId: user.id, mode: "test" });
    await receiver.listen();
    const ctx: Context = {
      args,
      env,
      testToken: secret,
      jwt: await signAppJwt(user),
      receiver,
      countEvents: () => db.event.count({ where: { userId: user.id } }),
    };
    // The endpoints live in the database, so both phases deliver to them.
    const first = await startInstance(env);
    for (let i = 0; i < args.endpoints; i++)
      await call(first.base, secret, "POST", "/v1/webhooks", { url: `${receiver.base}/endpoint-${i}` });
    await stopAndWait(first.child);

    console.log(
      `bench:load — ${availableParallelism()} cores; ${args.seconds} s per phase; ${args.connections} connections per route, ` +
        `${args.uploads} streamed uploaders, ${args.endpoints} webhook endpoints; load average ${load()}`,
    );
    await phase("one instance", 1, ctx);
    if (args.instances >= 2) await phase("two instances, one database", 2, ctx);
    console.log(`\nload average at the end ${load()}`);
    await closeDb();
  } finally {
    await receiver.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
