// Page JPEGs of a stored verification, rendered once and kept (encrypted, with the original's
// retention) beside the original, so the result page, the report and the badge reuse them.
import { createHash } from "node:crypto";
import type { Db, Verification } from "../db";
import { ApiError } from "../http/errors";
import { newId } from "../ids";
import { log } from "../log";
import { deleteObject, getObject, putObject } from "../storage";
import { renderPageJpeg } from "./render-page";

export async function originalBytes(db: Db, verification: Verification): Promise<Buffer> {
  const file = await db.storedFile.findFirst({ where: { verificationId: verification.id, kind: "original" } });
  if (!verification.documentImagePath || !file || file.deletedAt) {
    throw new ApiError("not_found", "The original document is no longer stored (its retention period has passed).");
  }
  return getObject(verification.documentImagePath);
}

export function pagesOf(verification: Verification): number {
  return Math.max(1, verification.pageCount);
}

export async function pageJpeg(db: Db, verification: Verification, page: number): Promise<Buffer> {
  if (page < 1 || page > pagesOf(verification)) {
    throw new ApiError(
      "not_found",
      `Verification ${verification.id} has ${pagesOf(verification)} page(s); there is no page ${page}.`,
    );
  }
  const stored = await db.storedFile.findFirst({
    where: { verificationId: verification.id, kind: "page_image", page, deletedAt: null },
  });
  if (stored) return getObject(stored.storageKey);

  const original = await originalBytes(db, verification);
  const { jpeg } = await renderPageJpeg(original, verification.contentType, page).catch((error: unknown) => {
    // The stored original is what the caller sent: a test-mode verification keeps any bytes under
    // the type it was given, and a live one that failed analysis kept a file the engine could not
    // read. That is the document's fault, not the server's.
    log.warn("page not renderable", { verificationId: verification.id, page, error: String(error) });
    throw new ApiError(
      "unprocessable_document",
      `Page ${page} of verification ${verification.id} cannot be shown: the stored original is not a readable ${verification.contentType} file.`,
    );
  });
  const storageKey = `pages/${verification.id}/${page}.jpg`;
  await putObject(storageKey, jpeg);
  const originalFile = await db.storedFile.findFirst({ where: { verificationId: verification.id, kind: "original" } });
  try {
    await db.storedFile.upsert({
      where: { storageKey },
      create: {
        id: newId("file"),
        userId: verification.userId,
        verificationId: verification.id,
        kind: "page_image",
        storageKey,
        contentType: "image/jpeg",
        size: jpeg.byteLength,
        sha256: createHash("sha256").update(jpeg).digest("hex"),
        page,
        retainUntil: originalFile?.retainUntil ?? null,
      },
      update: { size: jpeg.byteLength, deletedAt: null },
    });
  } catch (error) {
    // Erased while its page rendered: no row will point at the file, so the file does not stay. (A
    // concurrent render of the same page fails here too, but its twin's row keeps the file.)
    if ((await db.verification.count({ where: { id: verification.id } })) === 0) await deleteObject(storageKey);
    throw error;
  }
  return jpeg;
}
