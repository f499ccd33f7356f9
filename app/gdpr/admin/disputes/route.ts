import { withApp } from "@/lib/api/app-api";
import { disputeQueueQuerySchema, disputeQueueSchema } from "@/lib/disputes/dispute-schema";
import { listDisputes } from "@/lib/disputes/list-disputes";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApp(
  {
    operationId: "listDisputes",
    summary: "The dispute queue",
    description:
      "Every account's disputes, with who filed them and the document's summary. `status` filters (pending, upheld, " +
      "rejected, withdrawn); pending ones come oldest first, the others newest first. `limit` 1-1000, default 200.",
    tag: "gdpr",
    access: "admin",
    query: disputeQueueQuerySchema,
    responses: { 200: { description: "The queue.", schema: disputeQueueSchema } },
  },
  async ({ db, query }) => json(await listDisputes(db, query)),
);
