// The production HTTP front (server/app-server.ts) on a free port: /v1 and /mcp through its own
// route table, as in production. Next.js, which answers the application routes in production,
// cannot run inside the tests; in its place the same node:http ↔ fetch bridge hands each
// application request to the real handler of its route file with its path parameters decoded, as Next.js
// does. A path that matches no documented route answers 404 with a marker the fuzzer recognises.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ServedRoute } from "../../../lib/openapi/route-table";
import { apiRoutes, type ApiMatch } from "../../../server/api-routes";
import { createAppServer } from "../../../server/app-server";
import { servedRoutes } from "../access-matrix/served-routes";

/** The body of the stand-in's answer for a path no application route serves. */
export const NOT_ROUTED = "fuzz-server: no application route";

export interface FuzzServer {
  base: string;
  close: () => Promise<void>;
}

export async function startFuzzServer(): Promise<FuzzServer> {
  // Every route file, as Next.js finds them (the documentation routes are not withApp routes).
  const appRoutes = apiRoutes((await servedRoutes()) as unknown as ServedRoute[], () => true);
  const matched = new WeakMap<object, ApiMatch>();
  const bridge = getRequestListener(
    async (request, { incoming }) => {
      const route = matched.get(incoming)!;
      return route.handler(request, { params: Promise.resolve(route.params) });
    },
    { overrideGlobalObjects: false },
  );
  const server: Server = createAppServer((req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const route = appRoutes.match(req.method ?? "GET", query === -1 ? url : url.slice(0, query));
    if (!route) return void res.writeHead(404, { "content-type": "text/plain" }).end(NOT_ROUTED);
    matched.set(req, route);
    return bridge(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
