// The routes the app serves today, found the way Next.js finds them: every app/**/route.ts, its
// folder mapped to a URL path ((group) folders dropped, [param] → {param}) and the HTTP methods
// the module exports. New route files are picked up without anyone listing them.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type RouteHandler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

export interface ServedRoute {
  /** "POST /dashboard/verification/{verification_id}" */
  key: string;
  method: HttpMethod;
  path: string;
  /** Relative to the repository, e.g. "app/verify/route.ts". */
  file: string;
  handler: RouteHandler;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const APP_DIR = path.join(REPO_ROOT, "app");

/** "dashboard/(group)/verification/[verification_id]" → "/dashboard/verification/{verification_id}" */
export function urlPathOf(folder: string): string {
  const segments = folder
    .split(/[\\/]/)
    .filter((s) => s !== "" && !/^\(.*\)$/.test(s) && !s.startsWith("@"))
    .map((s) =>
      s.replace(
        /^\[\[?(\.\.\.)?([^\]]+)\]\]?$/,
        (_, rest: string | undefined, name: string) => `{${rest ?? ""}${name}}`,
      ),
    );
  return "/" + segments.join("/");
}

function routeFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith("_")) routeFiles(full, out);
    } else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** Every (method, path) the app serves, with the real handler imported from its route file. */
export async function servedRoutes(): Promise<ServedRoute[]> {
  const routes: ServedRoute[] = [];
  for (const file of routeFiles(APP_DIR).sort()) {
    const routePath = urlPathOf(path.relative(APP_DIR, path.dirname(file)));
    const exports = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      const handler = exports[method];
      if (typeof handler !== "function") continue;
      routes.push({
        key: `${method} ${routePath}`,
        method,
        path: routePath,
        file: path.relative(REPO_ROOT, file),
        handler: handler as RouteHandler,
      });
    }
  }
  return routes;
}
