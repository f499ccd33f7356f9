import type { z } from "zod";
import type { DbClient } from "../db";
import { listEnvelope, type paginationQuerySchema } from "../http/pagination";
import type { Owner } from "./owner";
import { toApiEndpoint } from "./serialize";

/** Newest first, a page at a time (cursor: the last id seen). */
export async function listEndpoints(db: DbClient, owner: Owner, query: z.infer<typeof paginationQuerySchema>) {
  const rows = await db.webhookEndpoint.findMany({
    where: {
      userId: owner.userId,
      livemode: owner.livemode,
      ...(query.starting_after ? { id: { lt: query.starting_after } } : {}),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return listEnvelope(rows, query.limit, toApiEndpoint);
}
