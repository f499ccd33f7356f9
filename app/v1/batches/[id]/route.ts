import { getBatchRoute } from "@/lib/batches/contracts";
import { getBatchOrThrow } from "@/lib/batches/get-batch-or-throw";
import { toApiBatch } from "@/lib/batches/serialize";
import { withPublicApi } from "@/lib/api/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withPublicApi<{ id: string }>(getBatchRoute, async ({ db, auth, params }) => {
  const { id } = parseParams(params, getBatchRoute.params);
  return json(toApiBatch(await getBatchOrThrow(db, id, { userId: auth.user.id, livemode: auth.livemode })));
});
