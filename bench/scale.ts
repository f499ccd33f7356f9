// npm run bench:scale -- [--seconds S] [--burst N]
//
// The engine pool and scale-out on the production server (server.ts, PostgreSQL), live mode with
// A4 300-dpi scans (2480×3508 JPEG, generated here):
//   1. live verifications per second with ENGINE_WORKERS = 1, 2 and N (the cores), the pool kept
//      full for S seconds (target: 2 workers ≥ 1.7 × one worker);
//   2. GET /healthz p50 / p99 while the pool is saturated (target p99 ≤ 50 ms);
//   3. a burst of N live uploads at once: how many completed, how many got 503 engine_busy, peak
//      RSS of the server, and whether the credits charged equal the verifications completed;
//   4. the same burst and throughput with two app instances on one database (the load alternates).
// Each throughput run also gives the CPU time per completed verification of the server process, its
// engine workers and this client: on a machine others share, wall-clock rates follow their load,
// CPU time per verification much less.
// Needs `npx next build` output (.next/BUILD_ID) and a local PostgreSQL (TEST_DATABASE_URL or
// postgresql://postgres@127.0.0.1:5432/postgres). On a shared machine run it with `nice`.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  createScratchDatabase,
  type Instance,
  productionEnv,
  groupCpuMs,
  groupRssMiB,
  processCpuMs,
  startInstance,
  stopAndWait,
} from "./server-processes";

interface Args {
  seconds: number;
  burst: number;
}

function parseArgs(argv: string[]): Args {
  // An A4 scan takes about 5 s of one core: 60 s gives each throughput run a dozen or more
  // completions, so one more or fewer moves the rate by less than a tenth.
  const args: Args = { seconds: 60, burst: 50 };
  for (let i = 0; i < argv.length; i += 2) {
    if (argv[i] === "--seconds") args.seconds = Number(argv[i + 1]);
    else if (argv[i] === "--burst") args.burst = Number(argv[i + 1]);
    else throw new Error(`unknown option ${argv[i]}; usage: npm run bench:scale -- [--seconds S] [--burst N]`);
  }
  return args;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** An A4 page at 300 dpi as a scanner would make it: paper, a heading and lines of text, JPEG. */
async function a4Scan(seed: number): Promise<Buffer> {
  const lines = Array.from(
    { length: 28 },
    (_, i) =>
      `<text x="220" y="${900 + i * 80}" font-size="44" font-family="serif" fill="#222">Line ${i + 1} of certificate ${seed}: awarded on 15 June 2021, registry no. UE-${seed}-${i}</text>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="2480" height="3508" fill="#f7f4ec"/><text x="620" y="520" font-size="120" font-family="serif" fill="#111">University of Example</text><text x="820" y="700" font-size="72" font-family="serif" fill="#333">Certificate of Completion</text>${lines}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).withMetadata({ density: 300 }).toBuffer();
}

interface Upload {
  status: number;
  code?: string;
  ms: number;
}

async function upload(base: string, secret: string, body: string): Promise<Upload> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/v1/verifications`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body,
    });
    const json = (await res.json()) as { status?: string; error?: { code: string } };
    return { status: res.status, code: json.error?.code ?? json.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** Keeps `concurrency` uploads in flight over the instances for `seconds`; completed per second. */
/** CPU milliseconds so far of the instances' servers, their engine workers, and this client. */
function cpuNow(instances: Instance[]) {
  const server = instances.reduce((sum, i) => sum + processCpuMs(i.child.pid), 0);
  const group = instances.reduce((sum, i) => sum + groupCpuMs(i.child.pid), 0);
  const own = process.cpuUsage();
  return { server, engine: group - server, client: (own.user + own.system) / 1000 };
}

/** CPU seconds per completed verification since `before`, and the cores they kept busy. */
function cpuSplit(instances: Instance[], before: ReturnType<typeof cpuNow>, completed: number, seconds: number) {
  const after = cpuNow(instances);
  const per = (key: keyof typeof after) => ((after[key] - before[key]) / 1000 / Math.max(1, completed)).toFixed(2);
  const total = after.server + after.engine + after.client - before.server - before.engine - before.client;
  return `CPU per verification: server ${per("server")} s, engine ${per("engine")} s, client ${per("client")} s; ${(total / 1000 / seconds).toFixed(2)} cores busy`;
}

async function throughput(bases: string[], secret: string, bodies: string[], concurrency: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let completed = 0;
  let refused = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const i = next++;
        const r = await upload(bases[i % bases.length], secret, bodies[i % bodies.length]);
        if (r.status === 200 && r.code === "completed") completed++;
        else if (r.code === "engine_busy") refused++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: completed / elapsed, completed, refused, seconds: elapsed };
}

/** /healthz answered while `busy` runs, sampled one request at a time. */
async function healthWhile(base: string, busy: Promise<unknown>): Promise<number[]> {
  let done = false;
  void busy.finally(() => (done = true));
  const times: number[] = [];
  await new Promise((r) => setTimeout(r, 3000)); // let the pool fill and warm up
  while (!done) {
    const t = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.text());
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

/** N uploads at once; the answers by kind, and the peak RSS of the instances meanwhile. */
async function burst(instances: Instance[], secret: string, bodies: string[], n: number) {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(
      peak,
      instances.reduce((sum, i) => sum + groupRssMiB(i.child.pid), 0),
    );
  }, 100);
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      upload(instances[i % instances.length].base, secret, bodies[i % bodies.length]),
    ),
  );
  clearInterval(sampler);
  const count = (pred: (r: Upload) => boolean) => results.filter(pred).length;
  return {
    completed: count((r) => r.status === 200 && r.code === "completed"),
    busy: count((r) => r.status === 503 && r.code === "engine_busy"),
    other: count((r) => !(r.status === 200 && r.code === "completed") && r.code !== "engine_busy"),
    peakRssMiB: peak,
    slowestMs: Math.max(...results.map((r) => r.ms)),
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.error("bench:scale needs the production build: run `npx next build` first.");
    process.exit(2);
  }
  const cores = availableParallelism();
  const database = await createScratchDatabase("credence_scale");
  const running: Instance[] = [];
  try {
    const base = productionEnv(database.url, "credence-scale");
    Object.assign(process.env, { DATABASE_URL: base.DATABASE_URL, CREDENCE_DATA_DIR: base.CREDENCE_DATA_DIR });
    const [{ getDb, closeDb }, { createUser }, { createToken }] = await Promise.all([
      import("../lib/db"),
      import("../lib/users/create-user"),
      import("../lib/tokens/create-token"),
    ]);
    const db = await getDb();
    const user = await createUser(db, {
      email: `scale-${randomBytes(4).toString("hex")}@example.test`,
      plan: "business",
    });
    await db.user.update({ where: { id: user.id }, data: { creditBalance: 100_000 } });
    const { secret } = await createToken(db, { userId: user.id, mode: "live" });
    const bodies = await Promise.all(
      [1, 2, 3, 4].map(async (seed) =>
        JSON.stringify({ document_base64: (await a4Scan(seed)).toString("base64"), content_type: "image/jpeg" }),
      ),
    );
    const charged = async () =>
      (await db.creditLedgerEntry.count({ where: { userId: user.id, reason: "verification" } })) as number;
    const completedRows = async () => db.verification.count({ where: { userId: user.id, status: "completed" } });
    console.log(
      `bench:scale — ${cores} cores, A4 300-dpi JPEG scans (${Math.round(bodies[0].length / 1024)} KiB base64), ` +
        `${args.seconds} s per throughput run, burst of ${args.burst}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );

    const one = async (workers: number, queue: number) => {
      const instance = await startInstance({ ...base, ENGINE_WORKERS: String(workers), ENGINE_QUEUE: String(queue) });
      running.push(instance);
      return instance;
    };
    const stopAll = async () => {
      for (const i of running.splice(0)) await stopAndWait(i.child);
    };

    // 1. Throughput per worker count (queue large enough that nothing is refused).
    const rates = new Map<number, number>();
    for (const workers of [...new Set([1, 2, cores])]) {
      const instance = await one(workers, 64);
      await upload(instance.base, secret, bodies[0]); // warm a worker: tsx, pdf.js, OCR
      const cpu = cpuNow([instance]);
      const r = await throughput([instance.base], secret, bodies, workers * 2, args.seconds);
      rates.set(workers, r.perSecond);
      const vsOne = workers === 1 ? "" : `  (${(r.perSecond / rates.get(1)!).toFixed(2)} × one worker)`;
      console.log(
        `live verifications/s, ENGINE_WORKERS=${workers}: ${r.perSecond.toFixed(2)} (${r.completed} completed)${vsOne}; ${cpuSplit([instance], cpu, r.completed, r.seconds)}; load ${loadavg()[0].toFixed(1)}`,
      );
      // 2. /healthz while this pool is saturated, on the largest pool.
      if (workers === cores) {
        const times = await healthWhile(
          instance.base,
          throughput([instance.base], secret, bodies, workers * 2, Math.max(15, args.seconds / 2)),
        );
        console.log(
          `GET /healthz while ${workers} workers are saturated: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${times.length} requests; target p99 ≤ 50 ms); load ${loadavg()[0].toFixed(1)}`,
        );
      }
      await stopAll();
    }
    const two = rates.get(2);
    if (two !== undefined) console.log(`2 workers / 1 worker: ${(two / rates.get(1)!).toFixed(2)} (target ≥ 1.7)`);

    // 3. A burst at the defaults (ENGINE_WORKERS = cores, ENGINE_QUEUE = 4 per worker).
    const before = { charged: await charged(), completed: await completedRows() };
    const single = await startInstance(base);
    running.push(single);
    const b1 = await burst([single], secret, bodies, args.burst);
    const after1 = { charged: await charged(), completed: await completedRows() };
    console.log(
      `burst of ${args.burst} live uploads, one instance: ${b1.completed} completed, ${b1.busy} × 503 engine_busy (${((100 * b1.busy) / args.burst).toFixed(0)} %), ${b1.other} other; peak RSS ${b1.peakRssMiB.toFixed(0)} MiB; slowest answer ${(b1.slowestMs / 1000).toFixed(1)} s; credits charged ${after1.charged - before.charged} for ${after1.completed - before.completed} completed`,
    );
    await stopAll();

    // 4. Two instances on the same database, each at the defaults.
    const pair = [await startInstance(base), await startInstance(base)];
    running.push(...pair);
    await Promise.all(pair.map((i) => upload(i.base, secret, bodies[0])));
    const cpu2 = cpuNow(pair);
    const r2 = await throughput(
      pair.map((i) => i.base),
      secret,
      bodies,
      cores * 4,
      args.seconds,
    );
    console.log(
      `live verifications/s, two instances × ${cores} workers on one database: ${r2.perSecond.toFixed(2)} (${r2.completed} completed, ${r2.refused} refused busy); ${cpuSplit(pair, cpu2, r2.completed, r2.seconds)}; load ${loadavg()[0].toFixed(1)}`,
    );
    const before2 = { charged: await charged(), completed: await completedRows() };
    const b2 = await burst(pair, secret, bodies, args.burst);
    const after2 = { charged: await charged(), completed: await completedRows() };
    console.log(
      `burst of ${args.burst} live uploads, two instances: ${b2.completed} completed, ${b2.busy} × 503 engine_busy (${((100 * b2.busy) / args.burst).toFixed(0)} %), ${b2.other} other; peak RSS ${b2.peakRssMiB.toFixed(0)} MiB (both); credits charged ${after2.charged - before2.charged} for ${after2.completed - before2.completed} completed`,
    );
    await stopAll();
    await closeDb();
  } finally {
    for (const i of running) await stopAndWait(i.child);
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
