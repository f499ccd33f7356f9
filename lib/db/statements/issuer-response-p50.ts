// The median time institutions took to answer (sent → answered), for the admin tracker. Prisma's
// aggregates have no percentile, and reading every answered request to sort them in JavaScript
// would grow with the table.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

export async function issuerResponseP50(db: DbClient): Promise<number | null> {
  const rows = await runStatement<{ p50: unknown }>(
    db,
    Prisma.sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (
               ORDER BY EXTRACT(EPOCH FROM ("respondedAt" - COALESCE("sentAt", "createdAt")))
             ) AS p50
      FROM issuer_approval_requests
      WHERE "respondedAt" IS NOT NULL`,
  );
  const value = rows[0]?.p50;
  return value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
}
