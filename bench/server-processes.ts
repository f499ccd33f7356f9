// Helpers of the benchmarks that start servers as child processes (bench:api, bench:scale): free
// ports, a scratch database, waiting for readiness, and the CPU time and memory of a process group.
import type { ChildProcess } from "node:child_process";
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

/** User + system CPU milliseconds of every process in a process group (Linux /proc). */
export function groupCpuMs(pgid: number | undefined): number {
  if (!pgid) return Number.NaN;
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
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
