// shared/spec/routes.tsv, the access rule decided for every route. It sits beside the repository
// (../shared) on developer machines and in CI, or where SPEC_ROUTES_FILE says (a git worktree
// elsewhere); a checkout without it skips the comparison.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./served-routes";

export const SPEC_FILE = process.env.SPEC_ROUTES_FILE || path.resolve(REPO_ROOT, "../shared/spec/routes.tsv");

export interface SpecRoute {
  method: string;
  path: string;
  access: string;
}

/** Parameter names differ between documents ({id} vs {verification_id}); compare shapes. */
export const routeShape = (method: string, routePath: string) => `${method} ${routePath.replace(/\{[^}]+\}/g, "{}")}`;

export function specRoutes(): SpecRoute[] | null {
  if (!existsSync(SPEC_FILE)) return null;
  const [header, ...lines] = readFileSync(SPEC_FILE, "utf8").trim().split("\n");
  const columns = header.split("\t");
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`${SPEC_FILE} has no "${name}" column`);
    return index;
  };
  const [method, routePath, access] = [at("method"), at("path"), at("access")];
  return lines.map((line) => {
    const cells = line.split("\t");
    return { method: cells[method], path: cells[routePath], access: cells[access] };
  });
}
