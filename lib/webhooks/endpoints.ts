// Registering, reading, rotating and deleting webhook endpoints. The signing secret is stored
// encrypted with the application key (we must be able to sign with it) and returned only at
// registration and rotation.
import type { z } from "zod";
import type { DbClient } from "../db";
import { ApiError } from "../http/errors";
import { listEnvelope } from "../http/pagination";
import { newId } from "../ids";
import { encrypt } from "../storage";
import { assertWebhookUrl, UnsafeUrlError } from "./assert-webhook-url";
import { toApiEndpoint } from "./serialize";
import { newSigningSecret, secretPrefix } from "./sign";
import type { createWebhookSchema } from "./webhook-schema";
import type { paginationQuerySchema } from "../http/pagination";

/** Endpoints one account may register per mode. */
export const MAX_ENDPOINTS = 16;

export interface Owner {
  userId: string;
  livemode: boolean;
}

export function sealSecret(secret: string): string {
  return encrypt(Buffer.from(secret, "utf8")).toString("base64");
}

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

export async function getEndpointOrThrow(db: DbClient, id: string, owner: Owner) {
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { id, userId: owner.userId, livemode: owner.livemode },
  });
  if (!endpoint) throw new ApiError("not_found", `No webhook endpoint with id "${id}" exists for this token.`);
  return endpoint;
}

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

/** Deleting an endpoint deletes its deliveries; queued attempts find nothing and stop. */
export async function deleteEndpoint(db: DbClient, id: string, owner: Owner) {
  const endpoint = await getEndpointOrThrow(db, id, owner);
  await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
  return { id: endpoint.id, object: "webhook_endpoint" as const, deleted: true as const };
}

/** A new secret replaces the old one at once: every later attempt, retries included, is signed with it. */
export async function rotateEndpointSecret(db: DbClient, id: string, owner: Owner) {
  const endpoint = await getEndpointOrThrow(db, id, owner);
  const secret = newSigningSecret();
  const updated = await db.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { secretEncrypted: sealSecret(secret), secretPrefix: secretPrefix(secret) },
  });
  return { ...toApiEndpoint(updated), secret };
}
