// Stores a CV: multipart field `file`, at most 10 MB, a PDF or DOCX as its bytes say (the name and
// the declared type are not trusted), encrypted at rest like every original.
import type { DbClient } from "../../db";
import { ApiError } from "../../http/errors";
import { formatBytes, mediaType, readFileForm } from "../../http/request";
import { newId } from "../../ids";
import { deleteObject, putObject } from "../../storage";
import { CvInputError } from "./cv-errors";
import { MAX_CV_BYTES } from "./cv-schema";
import { cvStorageKey } from "./cv-storage-key";
import { CV_TYPES, sniffCv } from "./sniff-cv";

export async function uploadCv(db: DbClient, userId: string, req: Request) {
  const file = await readFile(req);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) throw new ApiError("invalid_request", "The CV is empty (0 bytes).");
  if (bytes.byteLength > MAX_CV_BYTES)
    throw new ApiError(
      "payload_too_large",
      `The CV is ${formatBytes(bytes.byteLength)}; the limit is ${formatBytes(MAX_CV_BYTES)}.`,
    );
  let type;
  try {
    type = sniffCv(bytes);
  } catch (error) {
    if (error instanceof CvInputError) throw new ApiError("invalid_request", error.message);
    throw error;
  }
  if (!type)
    throw new ApiError("invalid_request", "A CV must be a PDF or a Word document (DOCX); this file is neither.");

  const id = newId("cv");
  const key = cvStorageKey(userId, id);
  await putObject(key, bytes);
  try {
    return await db.cvUpload.create({
      data: {
        id,
        userId,
        fileKey: key,
        fileName: fileName(file.name, type),
        contentType: type,
        size: bytes.byteLength,
      },
    });
  } catch (error) {
    await deleteObject(key);
    throw error;
  }
}

async function readFile(req: Request): Promise<File> {
  if (mediaType(req) !== "multipart/form-data")
    throw new ApiError("unsupported_media_type", "Send the CV as multipart/form-data in the field 'file'.");
  return (await readFileForm(req, { maxBytes: MAX_CV_BYTES, what: "the CV" })).file;
}

/** The name shown back to the holder: its base name, printable, with the extension of what it is. */
function fileName(given: string, type: string): string {
  const extension = type === CV_TYPES.pdf ? ".pdf" : ".docx";
  const base = (given.split(/[\\/]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\.(pdf|docx?)$/i, "")
    .trim()
    .slice(0, 200);
  return `${base || "cv"}${extension}`;
}
