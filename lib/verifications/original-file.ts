// The uploaded original of a verification: stored encrypted under the verification's id before
// its row is written, and removed again when that write fails, so no stored file is ever left
// without a row and no row points at a missing file.
import { createHash } from "node:crypto";
import { loadEnv } from "../env";
import { newId } from "../ids";
import { deleteObject, putObject } from "../storage";
import type { DocumentInput } from "./parse-document-request";

export interface OriginalFile {
  id: string;
  storageKey: string;
  sha256: string;
  size: number;
  contentType: string;
  retainUntil: Date;
}

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Stores the original, runs `write` (the rows that refer to it), and deletes the file if `write` fails. */
export async function withStoredOriginal<T>(
  verificationId: string,
  document: DocumentInput,
  write: (file: OriginalFile) => Promise<T>,
  now = new Date(),
): Promise<T> {
  const file: OriginalFile = {
    id: newId("file"),
    storageKey: `originals/${verificationId}`,
    sha256: sha256Of(document.bytes),
    size: document.bytes.byteLength,
    contentType: document.contentType,
    retainUntil: new Date(now.getTime() + loadEnv().UPLOAD_RETENTION_DAYS * 86_400_000),
  };
  await putObject(file.storageKey, document.bytes);
  try {
    return await write(file);
  } catch (error) {
    await deleteObject(file.storageKey);
    throw error;
  }
}

/** The nested create of the verification's `files` row for `file`. */
export function originalFileRow(file: OriginalFile, userId: string | null, createdAt?: Date) {
  return {
    id: file.id,
    userId,
    kind: "original" as const,
    storageKey: file.storageKey,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    retainUntil: file.retainUntil,
    ...(createdAt ? { createdAt } : {}),
  };
}
