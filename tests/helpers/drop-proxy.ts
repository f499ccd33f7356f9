// A TCP proxy in front of a server that forwards the first `drop` connections' requests but cuts
// them (client side) as the answer comes back: the server did the work, the client saw a dropped
// connection. Records each connection's Idempotency-Key, to prove a retry reuses it.
import { connect, createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface DropProxy {
  url: string;
  /** Idempotency-Key of each connection's first request, in arrival order (null when absent). */
  keys: Array<string | null>;
  close: () => Promise<void>;
}

export async function startDropProxy(target: URL, drop = 1): Promise<DropProxy> {
  const keys: Array<string | null> = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const index = keys.length;
    keys.push(null);
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => sockets.delete(s));
    }
    let head = "";
    client.on("data", (chunk: Buffer) => {
      if (!head.includes("\r\n\r\n")) {
        head += chunk.toString("latin1");
        keys[index] ??= /\r\nidempotency-key: *([^\r\n]+)/i.exec(head)?.[1] ?? null;
      }
      upstream.write(chunk);
    });
    client.on("end", () => upstream.end());
    if (index < drop) {
      // The server has answered, so it has finished (and stored) the request: drop the answer.
      upstream.once("data", () => {
        client.destroy();
        upstream.destroy();
      });
    } else {
      upstream.pipe(client);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keys,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
