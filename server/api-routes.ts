// The public API's route table for the production server, read from the one list of served
// routes (app/route-index.ts → lib/openapi/route-table.ts): templates with `{name}` parameters,
// static segments winning over parameters, as Next.js routes them. Matching is synchronous.
import type { RouteHandler, ServedRoute } from "../lib/openapi/route-table";

export interface ApiMatch {
  handler: RouteHandler;
  params: Record<string, string>;
}

export interface ApiRoutes {
  /** The handler for this method and path, or undefined when Next.js should answer instead. */
  match(method: string, pathname: string): ApiMatch | undefined;
  /** URL templates of every route, e.g. "/v1/verifications/{id}" (for logs and tests). */
  templates: string[];
}

interface Route {
  template: string;
  segments: string[];
  handlers: Map<string, RouteHandler>;
}

const PARAM = /^\{([A-Za-z0-9_]+)\}$/;

/** The paths the table answers: the /v1 API and the MCP endpoint (both withPublicApi routes). */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/v1/") || pathname === "/mcp";
}

/** `served` routes whose path `answers` (by default the API's; the tests' front takes every route). */
export function apiRoutes(served: readonly ServedRoute[], answers: (path: string) => boolean = isApiPath): ApiRoutes {
  const byTemplate = new Map<string, Route>();
  for (const route of served) {
    if (!answers(route.path)) continue;
    const entry = byTemplate.get(route.path) ?? {
      template: route.path,
      segments: route.path.split("/").slice(1),
      handlers: new Map<string, RouteHandler>(),
    };
    entry.handlers.set(route.method, route.handler);
    byTemplate.set(route.path, entry);
  }
  const routes = [...byTemplate.values()].sort((a, b) => specificity(b) - specificity(a));
  return {
    templates: routes.map((r) => r.template),
    match(method, pathname) {
      const parts = pathname.split("/").slice(1);
      for (const route of routes) {
        const params = matchSegments(route.segments, parts);
        if (!params) continue;
        const handler = route.handlers.get(method);
        return handler ? { handler, params } : undefined;
      }
      return undefined;
    },
  };
}

/** Routes with more literal segments first, so /v1/verifications/batch beats /v1/verifications/{id}. */
function specificity(route: Route): number {
  return route.segments.reduce((score, segment, i) => score + (PARAM.test(segment) ? 0 : 2 ** (16 - i)), 0);
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const param = PARAM.exec(segments[i]);
    if (!param) {
      if (segments[i] !== parts[i]) return undefined;
      continue;
    }
    if (parts[i] === "") return undefined;
    try {
      params[param[1]] = decodeURIComponent(parts[i]);
    } catch {
      return undefined; // malformed escapes: Next.js answers those
    }
  }
  return params;
}
