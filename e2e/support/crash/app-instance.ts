// One production server (`npm start`: migrations, then server.ts) as a child process in a process
// group of its own, so a SIGKILL of the group takes the whole tree at once, as an out-of-memory kill
// or a lost machine would: no shutdown hook runs.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";

export class AppInstance {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once /healthz answers 200 (job workers are started by then). */
  async start(timeoutMs = 150_000): Promise<void> {
    const log = createWriteStream(path.join(this.logDir, `${this.name}.log`), { flags: "a" });
    const child = spawn("npm", ["start", "--", "-p", String(this.port), "-H", "127.0.0.1"], {
      cwd: process.cwd(),
      env: { ...process.env, ...this.env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode} (see ${this.name}.log)`);
      // Read the body: a connection whose answer is left unread returns to the client's pool only
      // when the answer is garbage-collected, by which time the server may have closed it, and the
      // next request sent on it fails with ECONNRESET.
      const ok = await fetch(`${this.url}/healthz`).then(
        async (r) => {
          await r.arrayBuffer();
          return r.ok;
        },
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${this.name} did not answer /healthz within ${timeoutMs / 1000} s`);
  }

  /** Open TCP connections from this instance's processes to `port` on 127.0.0.1 (work it has in flight there). */
  connectionsTo(port: number): number {
    if (!this.child?.pid) return 0;
    const group = String(this.child.pid);
    const pids = new Set(
      execFileSync("ps", ["-eo", "pid=,pgid="], { encoding: "utf8" })
        .split("\n")
        .map((line) => line.trim().split(/\s+/))
        .filter(([, pgid]) => pgid === group)
        .map(([pid]) => pid),
    );
    const lines = execFileSync("ss", ["-tnpH", "state", "established", "dst", `127.0.0.1:${port}`], {
      encoding: "utf8",
    }).split("\n");
    return lines.filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((m) => pids.has(m[1]))).length;
  }

  /** SIGKILL to the whole process group, then waits until the group leader is gone. */
  async kill(): Promise<void> {
    if (!this.child?.pid) return;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
    await this.exited;
    this.child = undefined;
  }
}
