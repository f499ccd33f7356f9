import { withPublicApi } from "@/lib/api/public-api";
import { BATCH_BODY_LIMIT, batchSchema, createBatchSchema, MAX_BATCH_ITEMS } from "@/lib/batches/batch-schema";
import { createBatch } from "@/lib/batches/create-batch";
import { toApiBatch } from "@/lib/batches/serialize";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(
  {
    operationId: "createBatch",
    summary: "Submit a batch of documents",
    description:
      `Business plan. Up to ${MAX_BATCH_ITEMS} documents (base64 + content_type, or url). Answers 202 at once with the batch; ` +
      "items are verified in the background. Poll GET /v1/batches/{id} or subscribe to batch.completed.",
    tag: "Batches",
    scope: "verifications:write",
    plan: "business",
    idempotent: { bodyLimit: () => BATCH_BODY_LIMIT },
    body: { json: createBatchSchema, limit: BATCH_BODY_LIMIT },
    responses: { 202: { description: "The batch, accepted; items queued.", schema: batchSchema } },
    errors: ["idempotency_conflict"],
  },
  async ({ db, auth, body, reservedId }) => {
    const owner = { userId: auth.user.id, livemode: auth.livemode };
    const batch = await createBatch(db, owner, body, reservedId?.("batch"));
    return json(toApiBatch(batch), { status: 202, headers: { Location: `/v1/batches/${batch.id}` } });
  },
);
