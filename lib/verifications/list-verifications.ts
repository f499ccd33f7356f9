import { z } from "zod";
import type { DbClient } from "../db";
import { listEnvelope, paginationQuerySchema } from "../http/pagination";
import { verdictSchema } from "./verification-schema";
import { toApiVerification } from "./serialize";
import { toDbVerdict } from "./verdicts";

export const listVerificationsQuerySchema = paginationQuerySchema
  .extend({ verdict: verdictSchema.optional().meta({ description: "Only verifications with this verdict." }) })
  .strict();

/** The caller's verifications in this mode, newest first, one page. */
export async function listVerifications(
  db: DbClient,
  owner: { userId: string; livemode: boolean },
  query: z.infer<typeof listVerificationsQuerySchema>,
) {
  const rows = await db.verification.findMany({
    where: {
      userId: owner.userId,
      livemode: owner.livemode,
      ...(query.verdict ? { verdict: toDbVerdict(query.verdict) } : {}),
      ...(query.starting_after ? { id: { lt: query.starting_after } } : {}),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return listEnvelope(rows, query.limit, toApiVerification);
}
