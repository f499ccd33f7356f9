// Whether an error is PostgreSQL refusing a duplicate key, as Prisma reports it (P2002) or as
// node-postgres does for a statement of lib/db/statements (SQLSTATE 23505). Checked by
// its code rather than `instanceof`: the client may come from another copy of the generated module
// (next dev re-evaluates modules; the production server's /v1 front loads lib/ beside Next's bundle).
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === "P2002" || code === "23505";
}
