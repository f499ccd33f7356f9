// Whether an error is PostgreSQL refusing a duplicate key, as Prisma reports it (P2002). Checked by
// its code rather than `instanceof`: the client may come from another copy of the generated module
// (next dev re-evaluates modules; the production server's /v1 front loads lib/ beside Next's bundle).
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
