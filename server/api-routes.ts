// The public API's route table, found the way Next.js finds it: every app/v1/**/route.ts, its
// folders as the URL path and `[name]` folders as parameters, static segments winning over
// parameters. The modules are imported once at start, so matching a request is synchronous.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface ApiMatch {
  handler: RouteHandler;
  params: Record<string, string>;
}

export interface ApiRoutes {
  /** The handler for this method and path, or undefined when Next.js should answer instead. */
  match(method: string, pathname: string): ApiMatch | undefined;
  /** URL templates of every route found, e.g. "/v1/verifications/[id]" (for logs and tests). */
  templates: string[];
}

interface Route {
  segments: string[];
  exports: Record<string, unknown>;
}

const PARAM = /^\[([A-Za-z0-9_]+)\]$/;

export async function loadApiRoutes(appDir: string, prefix = "v1"): Promise<ApiRoutes> {
  const files = routeFiles(path.join(appDir, prefix));
  const routes: Route[] = await Promise.all(
    files.map(async (file) => {
      const folders = path.relative(appDir, path.dirname(file)).split(path.sep);
      const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      return { segments: folders.filter((f) => !/^\(.*\)$/.test(f)), exports };
    }),
  );
  routes.sort((a, b) => specificity(b) - specificity(a));
  return {
    templates: routes.map((r) => `/${r.segments.join("/")}`),
    match(method, pathname) {
      const parts = pathname.split("/").slice(1);
      for (const route of routes) {
        const params = matchSegments(route.segments, parts);
        if (!params) continue;
        const handler = route.exports[method];
        return typeof handler === "function" ? { handler: handler as RouteHandler, params } : undefined;
      }
      return undefined;
    },
  };
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Routes with more literal segments first, so /v1/verifications/batch beats /v1/verifications/[id]. */
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
