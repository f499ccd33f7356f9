// The served routes as data, read from the route modules themselves: each wrapped handler carries
// its contract (attached by withPublicApi / withApp), the module's export name is the method and
// its folder the path (app/route-index.ts lists the modules). Both OpenAPI documents and the
// production server's /v1 table come from here.
import { HTTP_METHODS, type Documented, type RouteEntry } from "./contract";

export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface RouteModule {
  /** OpenAPI path template, e.g. "/v1/webhooks/{id}/ping". */
  path: string;
  module: Record<string, unknown>;
}

export type ServedRoute = RouteEntry & { handler: RouteHandler };

/** Attaches the contract to a wrapped handler (the wrappers call this). */
export function documented<H extends RouteHandler | ((...args: never[]) => Promise<Response>)>(
  handler: H,
  route: Documented,
): H & { route: Documented } {
  return Object.assign(handler, { route });
}

export function routeTable(modules: readonly RouteModule[]): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const { path, module } of modules) {
    for (const method of HTTP_METHODS) {
      const handler = module[method] as (RouteHandler & { route?: Documented }) | undefined;
      if (typeof handler !== "function" || !handler.route) continue;
      routes.push({ ...handler.route, method, path, handler });
    }
  }
  return routes;
}
