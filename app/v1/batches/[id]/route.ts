import { withPublicApi } from "@/lib/api/public-api";
import { batchParamsSchema, batchSchema } from "@/lib/batches/batch-schema";
import { getBatchOrThrow } from "@/lib/batches/get-batch-or-throw";
import { toApiBatch } from "@/lib/batches/serialize";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi(
  {
    operationId: "getBatch",
    summary: "Retrieve a batch and its progress",
    tag: "Batches",
    scope: "batches:read",
    params: batchParamsSchema,
    responses: { 200: { description: "The batch with its counts and items.", schema: batchSchema } },
    errors: ["not_found"],
  },
  async ({ db, auth, params }) =>
    json(toApiBatch(await getBatchOrThrow(db, params.id, { userId: auth.user.id, livemode: auth.livemode }))),
);
