import { createBatchRoute } from "@/lib/batches/contracts";
import { createBatch } from "@/lib/batches/create-batch";
import { toApiBatch } from "@/lib/batches/serialize";
import { withPublicApi } from "@/lib/api/public-api";
import { parseJson } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi(createBatchRoute, async ({ req, db, auth, reservedId }) => {
  const body = await parseJson(req, createBatchRoute.body.json, createBatchRoute.idempotent.bodyLimit());
  const owner = { userId: auth.user.id, livemode: auth.livemode };
  const batch = await createBatch(db, owner, body, reservedId?.("batch"));
  return json(toApiBatch(batch), { status: 202, headers: { Location: `/v1/batches/${batch.id}` } });
});
