// The MCP tests' side: the production server front (server/app-server.ts) on a free port, with the
// real handlers on the real database, and the SDK's own client connected to it over HTTP.
import type { AddressInfo } from "node:net";
import { createServer, request, type Server } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createAppServer } from "../../server/app-server";

export async function startAppServer(): Promise<{ base: string; close: () => Promise<void> }> {
  // What reaches the fallback is Next.js's in production: there, GET and DELETE /mcp answer 405.
  const server: Server = createAppServer((_req, res) => void res.writeHead(405).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A connected client; `responses` collects the HTTP answers' headers (credits, request ids). */
export async function connectMcp(base: string, headers: Record<string, string>) {
  const responses: Headers[] = [];
  const client = new Client({ name: "credence-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers },
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      responses.push(res.headers);
      return res;
    },
  });
  await client.connect(transport);
  return { client, responses };
}

/**
 * A front for clients that cannot send a header (the conformance suite): each request is passed on
 * with an Authorization header, a fresh token per MCP session (each `initialize`), so one client's
 * many sessions in a row are not one rate-limit bucket.
 */
export async function startTokenProxy(base: string, newSecret: () => Promise<string>) {
  const target = new URL(base);
  let secret = await newSecret();
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        if (body.includes('"method":"initialize"')) secret = await newSecret();
        const upstream = request(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            headers: { ...req.headers, authorization: `Bearer ${secret}` },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", () => res.writeHead(502).end());
        upstream.end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}
