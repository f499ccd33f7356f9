// npm run bench:api -- [--duration S] [--connections N] [--cpu-prof DIR]
//
// Throughput and latency of test-mode POST /v1/verifications and GET /v1/verifications/{id} on the
// production build (server.ts as `npm start` runs it, PostgreSQL), side by side with a bare node:http + pg server doing
// the same database work (bench/api-baseline.ts), in the same run. Target: ≥ 0.5 of the baseline.
// The baseline runs the same SQL as the route (imported from lib/), writes the same encrypted file
// and buffers usage rows the same way, so the ratio measures the framework and our code around it.
// A third row, GET /healthz (one SELECT 1 behind a plain route handler that Next.js serves, through
// Prisma's $queryRaw; pg on the bare server), shows what Next's own request handling costs — the
// reason server.ts answers /v1 itself; it is information, not part of the target.
// CPU ms/req (user + system time of the server's processes) is the figure to compare on a busy
// machine; --cpu-prof DIR writes a V8 profile of the production server for a breakdown.
// Needs `npx next build` output (.next/BUILD_ID) and a local PostgreSQL (TEST_DATABASE_URL or
// postgresql://postgres@127.0.0.1:5432/postgres); builds nothing itself.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import {
  createScratchDatabase,
  freePort,
  productionEnv,
  groupCpuMs,
  stop,
  stopAndWait,
  waitFor,
} from "./server-processes";

interface Args {
  duration: number;
  connections: number;
  /** Write V8 CPU profiles of the Next.js server into this directory (node --cpu-prof). */
  cpuProf?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { duration: 10, connections: 10 };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === "--duration") args.duration = Number(argv[i + 1]);
    else if (argv[i] === "--connections") args.connections = Number(argv[i + 1]);
    else if (argv[i] === "--cpu-prof") args.cpuProf = path.resolve(argv[i + 1]);
    else
      throw new Error(
        `unknown option ${argv[i]}; usage: npm run bench:api -- [--duration S] [--connections N] [--cpu-prof DIR]`,
      );
  }
  return args;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the server's processes per request: comparable even on a busy machine. */
  cpuMs: number;
}

async function measured(options: Parameters<typeof autocannon>[0], pgid: number | undefined): Promise<Figures> {
  const before = groupCpuMs(pgid);
  const r = await autocannon(options);
  const cpu = groupCpuMs(pgid) - before;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    cpuMs: cpu / Math.max(1, r.requests.total),
  };
}

async function load(
  base: string,
  secret: string,
  args: Args,
  pgid: number | undefined,
): Promise<{ post: Figures; get: Figures; floor: Figures }> {
  const headers = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
  const body = JSON.stringify({
    document_base64: Buffer.from("credence-test:VERIFIED:diploma bench document").toString("base64"),
    content_type: "application/pdf",
  });
  const warm = {
    url: `${base}/v1/verifications`,
    method: "POST",
    headers,
    body,
    connections: args.connections,
    duration: 3,
  };
  await autocannon(warm);
  const created = await fetch(`${base}/v1/verifications`, { method: "POST", headers, body });
  const { id } = (await created.json()) as { id: string };
  const post = await measured({ ...warm, duration: args.duration }, pgid);
  await autocannon({ url: `${base}/v1/verifications/${id}`, headers, connections: args.connections, duration: 2 });
  const get = await measured(
    { url: `${base}/v1/verifications/${id}`, headers, connections: args.connections, duration: args.duration },
    pgid,
  );
  // The framework's floor: one trivial query behind a plain route handler, no wrapper.
  const floor = await measured(
    { url: `${base}/healthz`, connections: args.connections, duration: Math.max(3, Math.round(args.duration / 2)) },
    pgid,
  );
  return { post, get, floor };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.error("bench:api needs the production build: run `npx next build` first (it takes a few minutes).");
    process.exit(2);
  }
  const database = await createScratchDatabase("credence_bench");
  let app: ChildProcess | undefined;
  let baseline: ChildProcess | undefined;
  try {
    const env = productionEnv(database.url, "credence-bench");
    Object.assign(process.env, {
      DATABASE_URL: env.DATABASE_URL,
      CREDENCE_DATA_DIR: env.CREDENCE_DATA_DIR,
      RATE_LIMIT_SCALE: env.RATE_LIMIT_SCALE,
    });
    const [{ getDb, closeDb }, { createUser }, { createToken }] = await Promise.all([
      import("../lib/db"),
      import("../lib/users/create-user"),
      import("../lib/tokens/create-token"),
    ]);
    const db = await getDb();
    const user = await createUser(db, {
      email: `bench-${randomBytes(4).toString("hex")}@example.test`,
      plan: "business",
    });
    const { secret } = await createToken(db, { userId: user.id, mode: "test" });
    await closeDb();

    const appPort = await freePort();
    // The production server as `npm start` runs it (server.ts: Next.js plus the /v1 front). Node 20
    // refuses --cpu-prof in NODE_OPTIONS: profile by starting it under node directly.
    const profiling = args.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${args.cpuProf}`] : [];
    app = spawn(
      process.execPath,
      [...profiling, "--import", "tsx", "server.ts", "-p", String(appPort), "-H", "127.0.0.1"],
      {
        env,
        stdio: "ignore",
        detached: true,
      },
    );
    const appBase = `http://127.0.0.1:${appPort}`;
    await waitFor(`${appBase}/healthz`, app);
    console.log(
      `production server on ${appBase}; load: ${args.connections} connections, ${args.duration} s per endpoint`,
    );
    const credence = await load(appBase, secret, args, app.pid);
    await stopAndWait(app);

    const basePort = await freePort();
    baseline = spawn(process.execPath, ["--import", "tsx", "bench/api-baseline.ts"], {
      env: { ...env, PORT: String(basePort) },
      stdio: "ignore",
      detached: true,
    });
    const baselineBase = `http://127.0.0.1:${basePort}`;
    await waitFor(`${baselineBase}/v1/verifications/none`, baseline);
    const bare = await load(baselineBase, secret, args, baseline.pid);

    const row = (name: string, c: Figures, b: Figures) =>
      `${name.padEnd(28)} ${c.rps.toFixed(0).padStart(8)} ${b.rps.toFixed(0).padStart(9)} ${(c.rps / b.rps).toFixed(2).padStart(6)}   ` +
      `${c.p50.toFixed(1).padStart(6)} / ${c.p99.toFixed(1).padStart(6)} ms   ${b.p50.toFixed(1).padStart(6)} / ${b.p99.toFixed(1).padStart(6)} ms   ${String(c.errors).padStart(4)} ${String(b.errors).padStart(4)}   ${c.cpuMs.toFixed(2).padStart(6)} ${b.cpuMs.toFixed(2).padStart(6)}`;
    console.log("");
    console.log(
      `${"endpoint".padEnd(28)} ${"req/s".padStart(8)} ${"baseline".padStart(9)} ${"ratio".padStart(6)}   ${"p50 / p99".padStart(17)}   ${"baseline p50/p99".padStart(20)}   errors      CPU ms/req`,
    );
    console.log(row("POST /v1/verifications", credence.post, bare.post));
    console.log(row("GET /v1/verifications/{id}", credence.get, bare.get));
    console.log(row("GET /healthz (floor, info)", credence.floor, bare.floor));
    const worst = Math.min(credence.post.rps / bare.post.rps, credence.get.rps / bare.get.rps);
    console.log(
      `\nTarget ≥ 0.50 of the baseline's throughput: ${worst >= 0.5 ? "met" : "NOT met"} (lowest ratio ${worst.toFixed(2)}).`,
    );
  } finally {
    stop(app);
    stop(baseline);
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
