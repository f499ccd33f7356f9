import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env";
import { sendWebhook, SNIPPET_BYTES } from "./send-webhook";

let server: Server;
let base: string;
let connections = 0;
const seen: Array<{ url: string; headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  process.env.FETCH_ALLOW_PRIVATE = "true";
  resetEnvCache();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url === "/redirect") return res.writeHead(302, { location: "/ok" }).end();
      if (req.url === "/slow") return setTimeout(() => res.writeHead(200).end("late"), 1000);
      if (req.url === "/big") return res.writeHead(200).end("x".repeat(100_000));
      if (req.url === "/fail") return res.writeHead(500).end("boom");
      res.writeHead(204).end();
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.FETCH_ALLOW_PRIVATE;
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

const send = (path: string, extra: { timeoutMs?: number; livemode?: boolean } = {}) =>
  sendWebhook({
    url: `${base}${path}`,
    livemode: extra.livemode ?? false,
    body: '{"a":1}',
    headers: { "X-Service-Event-Id": "evt_1" },
    timeoutMs: extra.timeoutMs,
  });

describe("sendWebhook", () => {
  it("POSTs the raw JSON with our headers and reports the status and latency", async () => {
    const result = await send("/ok");
    expect(result).toMatchObject({ statusCode: 204, error: null, responseSnippet: "" });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const last = seen.at(-1)!;
    expect(last.body).toBe('{"a":1}');
    expect(last.headers["content-type"]).toBe("application/json");
    expect(last.headers["x-service-event-id"]).toBe("evt_1");
  });

  it("does not follow redirects: a 3xx is the answer", async () => {
    const before = seen.length;
    expect((await send("/redirect")).statusCode).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it("keeps only the first bytes of a large answer", async () => {
    const result = await send("/big");
    expect(result.statusCode).toBe(200);
    expect(result.responseSnippet).toHaveLength(SNIPPET_BYTES);
    expect((await send("/fail")).responseSnippet).toBe("boom");
  });

  it("gives up after the timeout", async () => {
    const result = await send("/slow", { timeoutMs: 200 });
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/No answer within 0.2 s/);
  });

  it("reports refused connections and refused URLs as errors, never throwing", async () => {
    const closed = await sendWebhook({ url: "http://127.0.0.1:1/", livemode: false, body: "{}", headers: {} });
    expect(closed.statusCode).toBeNull();
    expect(closed.error).toBeTruthy();
    expect((await send("/ok", { livemode: true })).error).toMatch(/https/);
  });

  it("reuses a connection for the next delivery to the same receiver", async () => {
    await send("/ok");
    const before = connections;
    for (let i = 0; i < 3; i++) expect((await send("/ok")).statusCode).toBe(204);
    expect(connections).toBe(before);
  });

  it("sends again on a new connection when the receiver had closed the reused one", async () => {
    // Answers the first request of each connection and resets the connection at the second.
    const sockets: Socket[] = [];
    const tcp = createTcpServer((socket) => {
      sockets.push(socket);
      let requests = 0;
      socket.on("data", (chunk) => {
        if (!chunk.toString("latin1").includes("POST ")) return;
        if (++requests === 1) socket.write("HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n");
        else socket.resetAndDestroy();
      });
    });
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}/`;
    try {
      const post = () => sendWebhook({ url, livemode: false, body: "{}", headers: {} });
      expect((await post()).statusCode).toBe(204);
      const again = await post();
      expect(again).toMatchObject({ statusCode: 204, error: null });
      expect(sockets).toHaveLength(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => tcp.close(resolve));
    }
  });
});
