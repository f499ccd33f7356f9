// Under Inngest, a delivery is one function run that walks the whole ladder: each attempt is a
// step (memoised, so a replayed run never re-sends a recorded attempt) and the waits are
// step.sleep, which costs nothing while it waits and survives deploys.
import { getDb } from "@/lib/db";
import { jobEventName } from "@/lib/jobs/engine";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { deliverWebhookJob } from "@/lib/webhooks/delivery-job";
import { ladderDelayMs, MAX_ATTEMPTS } from "@/lib/webhooks/ladder";
import { inngest } from "../client";

export const deliverWebhook = inngest.createFunction(
  { id: "webhook-deliver", triggers: [{ event: jobEventName(deliverWebhookJob.name) }], retries: 5 },
  async ({ event, step }) => {
    const { deliveryId, attempt: first } = deliverWebhookJob.schema.parse(event.data);
    for (let number = first; number <= MAX_ATTEMPTS; number++) {
      const outcome = await step.run(`attempt-${number}`, async () => {
        const result = await attemptDelivery(await getDb(), deliveryId, number);
        return { status: result.status };
      });
      if (outcome.status !== "retry") return { deliveryId, status: outcome.status, attempts: number };
      await step.sleep(`wait-before-attempt-${number + 1}`, ladderDelayMs(number + 1));
    }
    return { deliveryId, status: "permanently_failed", attempts: MAX_ATTEMPTS };
  },
);
