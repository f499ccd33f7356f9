import { withPublicApi } from "@/lib/api/public-api";
import { parseParams } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { replayWebhookDeliveryRoute } from "@/lib/webhooks/contracts";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withPublicApi<{ id: string; delivery_id: string }>(
  replayWebhookDeliveryRoute,
  async ({ db, auth, params }) => {
    const { id, delivery_id } = parseParams(params, replayWebhookDeliveryRoute.params);
    return json(await replayDelivery(db, id, delivery_id, { userId: auth.user.id, livemode: auth.livemode }), {
      status: 202,
    });
  },
);
