// Helpers of the benchmarks that start servers as child processes (bench:api, bench:scale): free
// ports, a scratch database, waiting for readiness, and the CPU time and memory of a process group.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateDatabase } from "../lib/db/migrate-embedded";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function adminQuery(url: URL, sql: string) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, migrated database on the local server (TEST_DATABASE_URL), dropped by `drop()`. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const drop = () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  try {
    await migrateDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), drop };
}

/** The environment of a production server on `databaseUrl`, with fresh secrets and a scratch data folder. */
export function productionEnv(databaseUrl: string, prefix: string) {
  return {
    ...process.env,
    NODE_ENV: "production" as const,
    DATABASE_URL: databaseUrl,
    CREDENCE_DATA_DIR: mkdtempSync(path.join(tmpdir(), `${prefix}-`)),
    // The benchmarks measure the request path, not the plan's limit: the bucket is still consulted.
    RATE_LIMIT_SCALE: "100000",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    CREDENCE_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    LOG_LEVEL: "error",
    DEMO_SEED: "false",
  };
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface Instance {
  child: ChildProcess;
  base: string;
}

/** One production server (`server.ts`) on a free port, in its own process group, once it answers. */
export async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts", "-p", String(port), "-H", "127.0.0.1"], {
    env,
    stdio: "ignore",
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child, 120_000);
  return { child, base };
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces); null once it ended. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** User + system CPU milliseconds of stat fields (utime, stime), in ticks of USER_HZ = 100 on Linux. */
const cpuMs = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) * 10;

/** User + system CPU milliseconds of every process in a process group (Linux /proc). */
export function groupCpuMs(pgid: number | undefined): number {
  if (!pgid) return Number.NaN;
  let ms = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[2]) === pgid) ms += cpuMs(fields);
  }
  return ms;
}

/** User + system CPU milliseconds of one process, all its threads (Linux /proc). */
export function processCpuMs(pid: number | undefined): number {
  const fields = pid ? statFields(pid) : null;
  return fields ? cpuMs(fields) : Number.NaN;
}

/**
 * User + system CPU milliseconds of the PostgreSQL server processes serving one database (the
 * backends of its open connections; the server's shared writers are not counted). Read it before
 * and after a phase with the same pools open: a backend that ended meanwhile takes its time along.
 */
export async function databaseBackendsCpuMs(admin: URL, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [database],
    );
    return rows.reduce((ms, { pid }) => ms + (processCpuMs(pid) || 0), 0);
  } finally {
    await client.end();
  }
}

/** Resident memory (MiB) of every process in a process group, summed (Linux /proc). */
export function groupRssMiB(pgid: number | undefined): number {
  if (!pgid) return Number.NaN;
  let kib = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      if (rss) kib += Number(rss[1]);
    } catch {
      // the process ended meanwhile
    }
  }
  return kib / 1024;
}

export function stop(child: ChildProcess | undefined) {
  if (child && child.exitCode === null && child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  }
}

/** SIGTERM, then wait for the exit: CPU profiles are written while the process ends. */
export async function stopAndWait(child: ChildProcess) {
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null ? resolve() : child.once("exit", () => resolve()),
  );
  stop(child);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
}
