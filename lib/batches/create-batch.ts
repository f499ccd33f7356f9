// A batch is accepted in full or not at all: every base64 document is decoded and checked and
// every URL's scheme validated before anything is stored; the inputs are stored before the 202,
// then one job per item does the work (lib/batches/jobs.ts).
import type { z } from "zod";
import type { Db, Prisma } from "../db";
import { isUniqueViolation } from "../db/unique-violation";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { formatBytes } from "../http/request";
import { newId } from "../ids";
import { enqueueJob } from "../jobs";
import { assertSafeUrl, UnsafeUrlError } from "../net/safe-fetch";
import { deleteObject, putObject } from "../storage";
import { isSupportedType, SUPPORTED_TYPES } from "../verifications/document-types";
import type { BatchItemInput } from "./batch-item-input";
import type { createBatchSchema } from "./batch-schema";
import { processBatchItemJob } from "./jobs";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `id`: a reserved batch id (Idempotency-Key); a run that finds it taken returns that batch. */
export async function createBatch(
  db: Db,
  owner: { userId: string; livemode: boolean },
  body: z.infer<typeof createBatchSchema>,
  id?: string,
) {
  const batchId = id ?? newId("batch");
  const existing = id && (await db.batch.findUnique({ where: { id }, include: { items: true } }));
  if (existing) return existing;
  const maxBytes = loadEnv().MAX_UPLOAD_BYTES;
  const prepared = body.documents.map((doc, position) => {
    const id = newId("batchItem");
    const verification_id = newId("verification");
    const where = `documents[${position}]`;
    if ("url" in doc) {
      try {
        assertSafeUrl(doc.url);
      } catch (error) {
        if (error instanceof UnsafeUrlError)
          throw new ApiError("invalid_request", `${where}.url refused: ${error.message}`);
        throw error;
      }
      return {
        id,
        position,
        input: { kind: "url", url: doc.url, file_name: doc.file_name ?? null, verification_id } as BatchItemInput,
      };
    }
    const compact = doc.base64.replace(/\s+/g, "");
    if (compact.length % 4 !== 0 || !BASE64.test(compact))
      throw new ApiError("invalid_request", `${where}.base64 is not valid base64.`);
    const bytes = Buffer.from(compact, "base64");
    if (bytes.byteLength === 0) throw new ApiError("invalid_request", `${where}.base64 is empty.`);
    if (bytes.byteLength > maxBytes)
      throw new ApiError(
        "payload_too_large",
        `${where} is ${formatBytes(bytes.byteLength)}; the limit is ${formatBytes(maxBytes)}.`,
      );
    const type = doc.content_type.split(";")[0].trim().toLowerCase();
    if (!isSupportedType(type))
      throw new ApiError(
        "invalid_request",
        `${where}.content_type "${type}" is not supported. Use one of: ${SUPPORTED_TYPES.join(", ")}.`,
      );
    const storage_key = `batches/${batchId.toLowerCase()}/${id.toLowerCase()}`;
    return {
      id,
      position,
      bytes,
      input: {
        kind: "stored",
        storage_key,
        content_type: type,
        file_name: doc.file_name ?? null,
        verification_id,
      } as BatchItemInput,
    };
  });

  const stored: string[] = [];
  try {
    for (const item of prepared) {
      if ("bytes" in item && item.bytes && item.input.kind === "stored") {
        await putObject(item.input.storage_key, item.bytes);
        stored.push(item.input.storage_key);
      }
    }
    // The jobs are queued in the same transaction: they exist exactly when the batch does.
    await db.$transaction(
      async (tx) => {
        await tx.batch.create({
          data: {
            id: batchId,
            userId: owner.userId,
            livemode: owner.livemode,
            mode: body.mode ?? "standard",
            total: prepared.length,
          },
        });
        await tx.batchItem.createMany({
          data: prepared.map((item) => ({
            id: item.id,
            batchId,
            position: item.position,
            input: item.input as Prisma.InputJsonValue,
          })),
        });
        for (const item of prepared) {
          await enqueueJob(processBatchItemJob, { batchItemId: item.id }, { db: tx });
        }
      },
      { timeout: 60_000 },
    );
  } catch (error) {
    await Promise.all(stored.map((key) => deleteObject(key)));
    const winner =
      id && isUniqueViolation(error) && (await db.batch.findUnique({ where: { id }, include: { items: true } }));
    if (winner) return winner; // another run of the same reservation stored it first
    throw error;
  }
  return db.batch.findUniqueOrThrow({ where: { id: batchId }, include: { items: true } });
}
