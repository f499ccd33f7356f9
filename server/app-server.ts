// The HTTP server of production: /v1 and /mcp requests that match a served route, and GET /healthz,
// go straight to their handler (through @hono/node-server's node:http ↔ fetch bridge); everything
// else goes to `fallback`, which is Next.js's request handler in server.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { GET as healthz } from "../app/healthz/route";
import { V1_ROUTE_MODULES } from "../app/v1/route-index";
import { errorResponse } from "../lib/api/v1-error-response";
import { loadEnv } from "../lib/env";
import { newId } from "../lib/ids";
import { routeTable } from "../lib/openapi/route-table";
import { apiRoutes, isApiPath, type ApiMatch } from "./api-routes";
import { compressed } from "./compress";
import { guardResponse, securityHeaders } from "./security-headers";

export type Fallback = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

// The load balancer's probe, answered by its route file's handler before Next.js: Next's
// per-request work costs ~4 ms of CPU where the handler costs ~0.1 ms, so while the engine keeps
// the cores busy the probe would wait behind it (bench:scale, /healthz p99 while saturated).
const HEALTH_PROBE: ApiMatch = { handler: healthz, params: {} };

// How long an idle keep-alive connection stays open. Node's default, 5 s, closes it while a proxy
// or client may already be sending the next request on it, which then fails with ECONNRESET (or a
// 502 at the proxy). Longer than the 60 s idle timeout of common load balancers, so the proxy side
// always closes first; clients read the figure from the Keep-Alive header and stay below it.
export const KEEP_ALIVE_MS = 65_000;

export function createAppServer(fallback: Fallback): Server {
  const routes = apiRoutes(routeTable(V1_ROUTE_MODULES));
  const matched = new WeakMap<IncomingMessage, ApiMatch>();
  const headers = securityHeaders(loadEnv().APP_URL);
  const api = getRequestListener(
    async (request, { incoming }) => {
      const route = matched.get(incoming as IncomingMessage)!;
      return compressed(request, await route.handler(request, { params: Promise.resolve(route.params) }));
    },
    {
      // Next.js shares this process: the global Request and Response stay Node's own.
      overrideGlobalObjects: false,
      errorHandler: (error) => errorResponse(error, newId("request"), new Request("http://localhost/v1")),
    },
  );
  const server = createServer((req, res) => {
    guardResponse(req, res, headers);
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const route = isApiPath(pathname)
      ? routes.match(req.method ?? "GET", pathname)
      : pathname === "/healthz" && req.method === "GET"
        ? HEALTH_PROBE
        : undefined;
    if (!route) return void fallback(req, res);
    matched.set(req, route);
    // As Next.js does: without a proxy in front, the peer is the client (lib/auth/client-ip.ts).
    if (req.headers["x-forwarded-for"] === undefined && req.socket.remoteAddress) {
      req.rawHeaders.push("x-forwarded-for", req.socket.remoteAddress);
      req.headers["x-forwarded-for"] = req.socket.remoteAddress;
    }
    void api(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node closes a connection whose next request's headers take longer than this: it must outlast the
  // idle time, or a request sent at the end of a long-idle connection would be cut.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
