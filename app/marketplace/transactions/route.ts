import { withApp } from "@/lib/api/app-api";
import { transactionListSchema } from "@/lib/billing/billing-schema";
import { listPackTransactions } from "@/lib/billing/list-pack-transactions";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listCreditTransactions",
    summary: "Transaction history",
    description: "The caller's credit pack and overage purchases, newest first.",
    tag: "marketplace",
    access: "user",
    query: paginationQuerySchema,
    responses: { 200: { description: "A page of purchases.", schema: transactionListSchema } },
  },
  async ({ db, user, query }) =>
    json(await listPackTransactions(db, user.id, { limit: query.limit, startingAfter: query.starting_after })),
);
