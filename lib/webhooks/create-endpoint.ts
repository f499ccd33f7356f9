import type { z } from "zod";
import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { assertWebhookUrl, UnsafeUrlError } from "./assert-webhook-url";
import type { Owner } from "./owner";
import { sealSecret } from "./seal-secret";
import { toApiEndpoint } from "./serialize";
import { newSigningSecret, secretPrefix } from "./sign";
import type { createWebhookSchema } from "./webhook-schema";

/** Endpoints one account may register per mode. */
export const MAX_ENDPOINTS = 16;

/** Registers an endpoint after checking its URL is public; the answer is the only time the secret is shown. */
export async function createEndpoint(db: DbClient, owner: Owner, body: z.infer<typeof createWebhookSchema>) {
  try {
    await assertWebhookUrl(body.url, owner.livemode);
  } catch (error) {
    const reason =
      error instanceof UnsafeUrlError ? error.message : `${new URL(body.url).hostname} could not be resolved.`;
    throw new ApiError("invalid_request", `url refused: ${reason}`);
  }
  const count = await db.webhookEndpoint.count({ where: { userId: owner.userId, livemode: owner.livemode } });
  if (count >= MAX_ENDPOINTS)
    throw new ApiError("invalid_request", `At most ${MAX_ENDPOINTS} webhook endpoints per mode. Delete one first.`);
  const secret = newSigningSecret();
  const endpoint = await db.webhookEndpoint.create({
    data: {
      id: newId("webhookEndpoint"),
      userId: owner.userId,
      livemode: owner.livemode,
      url: body.url,
      description: body.description ?? null,
      events: body.events ?? [],
      secretEncrypted: sealSecret(secret),
      secretPrefix: secretPrefix(secret),
    },
  });
  return { ...toApiEndpoint(endpoint), secret };
}
