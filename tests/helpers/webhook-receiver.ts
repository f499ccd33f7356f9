// A real local HTTP receiver for webhook tests and the benchmark: records every request (raw
// bytes, headers, arrival time) and answers with whatever status the test scripts.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  /** 1-based arrival order. */
  index: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Date.now() at arrival. */
  at: number;
}

export type Responder = (request: ReceivedRequest) => number | { status: number; body?: string };

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  respond: (responder: Responder) => void;
  /** Resolves once `count` requests have arrived (rejects after timeoutMs). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedRequest[]>;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(responder: Responder = () => 200): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let respond = responder;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request: ReceivedRequest = {
        index: received.length + 1,
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      received.push(request);
      const answer = respond(request);
      const { status, body } = typeof answer === "number" ? { status: answer, body: `status ${answer}` } : answer;
      res.writeHead(status, { "content-type": "text/plain" }).end(body ?? "");
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    respond: (next) => {
      respond = next;
    },
    waitFor: (count, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= count) return resolve(received.slice());
        const timer = setTimeout(
          () => reject(new Error(`Receiver got ${received.length} of ${count} requests within ${timeoutMs} ms.`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received.slice())) });
      }),
    // Senders keep connections open (as to a real receiver, which keeps them 5 s by default).
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
