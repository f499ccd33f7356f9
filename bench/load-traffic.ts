// The kinds of traffic bench:load mixes, each recording every answer it gets into a RouteStats:
// plain requests driven by autocannon (one instance per route and app instance, its per-response
// events kept so that percentiles over several app instances are exact), uploads through the web
// application's progress stream (read to the end, each a new document, so the engine analyses
// every one), and a webhook receiver that counts deliveries per event and endpoint.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import sharp from "sharp";
import { readEventStream } from "../components/verify/read-event-stream";

export class RouteStats {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  /** Timeouts and broken connections (no status). */
  errors = 0;
  /** Streams that ended with an `error` event instead of a verdict. */
  streamErrors = 0;

  record(status: number, ms: number): void {
    this.latencies.push(ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  count(from: number, to: number): number {
    let n = 0;
    for (const [status, c] of this.statuses) if (status >= from && status < to) n += c;
    return n;
  }

  percentile(p: number): number {
    if (this.latencies.length === 0) return Number.NaN;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  }
}

export interface PlainRoute {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** `connections` keep-alive connections per app instance send `route` for `seconds`. */
export async function hammer(
  route: PlainRoute,
  bases: string[],
  connections: number,
  seconds: number,
  stats: RouteStats,
): Promise<void> {
  await Promise.all(
    bases.map(
      (base) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            {
              url: `${base}${route.path}`,
              method: route.method,
              headers: route.headers,
              body: route.body,
              connections,
              duration: seconds,
              timeout: 30,
            },
            (error) => (error ? reject(error) : resolve()),
          );
          instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) =>
            stats.record(status, ms),
          );
          instance.on("reqError", () => stats.errors++);
        }),
    ),
  );
}

/** A small scan no one analysed before: `n` is printed on it. */
async function freshDocument(n: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="640"><rect width="900" height="640" fill="#fbf8f1"/>` +
    `<text x="120" y="160" font-size="44" font-family="serif">Certificate of Attendance</text>` +
    `<text x="120" y="260" font-size="28" font-family="serif">Awarded to Load Tester ${n}</text>` +
    `<text x="120" y="320" font-size="24" font-family="serif">Registry number LT-${n}-${Date.now()}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * `clients` uploaders, each sending one document at a time through POST /verify and reading the
 * stream to its end, spread over the app instances, until `seconds` have passed. The latency is
 * the whole stream's (upload, analysis, verdict); `firstEvent` is the time to its first event.
 * Answers the seconds it took, the last streams included.
 */
export async function streamUploads(
  bases: string[],
  jwt: string,
  clients: number,
  seconds: number,
  stats: RouteStats,
  firstEvent: RouteStats,
): Promise<number> {
  const begun = performance.now();
  const until = begun + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const n = next++;
        const form = new FormData();
        form.append("file", new File([new Uint8Array(await freshDocument(n))], `scan-${n}.png`, { type: "image/png" }));
        const started = performance.now();
        try {
          const res = await fetch(`${bases[n % bases.length]}/verify`, {
            method: "POST",
            headers: { authorization: `Bearer ${jwt}` },
            body: form,
          });
          if (res.status !== 200 || !res.body) {
            await res.arrayBuffer();
            stats.record(res.status, performance.now() - started);
            continue;
          }
          let last = "";
          for await (const { event } of readEventStream(res.body)) {
            if (!last) firstEvent.record(200, performance.now() - started);
            last = event;
          }
          if (last !== "verdict") stats.streamErrors++;
          stats.record(200, performance.now() - started);
        } catch {
          stats.errors++;
        }
      }
    }),
  );
  // The last uploads started before the end and finished after it: their rate is over this time.
  return (performance.now() - begun) / 1000;
}

/** Acknowledges every webhook delivery at once and remembers which event reached which endpoint. */
export class WebhookReceiver {
  private server?: Server;
  /** "<endpoint path> <event id>" of every delivery received. */
  readonly deliveries: string[] = [];
  lastAt = 0;
  base = "";

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      this.deliveries.push(`${req.url} ${String(req.headers["x-service-event-id"])}`);
      this.lastAt = performance.now();
      req.resume();
      req.on("end", () => res.writeHead(200).end("ok"));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  unique(): number {
    return new Set(this.deliveries).size;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
