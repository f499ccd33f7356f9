// Locks a user's row until the caller's transaction ends (SELECT … FOR UPDATE), for read-modify-write
// of the credit balance (the monthly reset). Prisma has no row locks.
import { Prisma, type DbClient } from "../index";
import { runStatement } from "./run-statement";

export async function lockUser(tx: DbClient, userId: string): Promise<void> {
  await runStatement(tx, Prisma.sql`SELECT 1 FROM users WHERE id = ${userId}::text FOR UPDATE`);
}
