// A document to upload as multipart: a file path, bytes, a Blob, or a stream (Node or web). It is
// read into memory once, so every retry sends the same bytes (and the server's idempotency key
// recognises them) — the API takes one document per request, bounded by its upload limit.
import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";

export type FileInput =
  string | Uint8Array | ArrayBuffer | Blob | AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;

const TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".heic": "image/heic",
  ".heif": "image/heif",
  ".avif": "image/avif",
};

// Node's types name no BlobPart (a DOM type).
type BlobPart = NonNullable<ConstructorParameters<typeof Blob>[0]>[number];

export interface PreparedFile {
  blob: Blob;
  fileName: string;
}

export async function prepareFile(file: FileInput, fileName?: string, contentType?: string): Promise<PreparedFile> {
  if (typeof file === "string") {
    const bytes = await readFile(file);
    const name = fileName ?? basename(file);
    return {
      blob: new Blob([bytes], { type: contentType ?? TYPES[extname(name).toLowerCase()] ?? "" }),
      fileName: name,
    };
  }
  // A Node ReadStream knows its path.
  const path = (file as unknown as { path?: unknown }).path;
  const name = fileName ?? (typeof path === "string" ? basename(path) : "document");
  const type = contentType ?? TYPES[extname(name).toLowerCase()] ?? "";
  if (file instanceof Blob)
    return { blob: contentType ? new Blob([file], { type: contentType }) : file, fileName: name };
  if (file instanceof Uint8Array || file instanceof ArrayBuffer)
    return { blob: new Blob([file as BlobPart], { type }), fileName: name };
  const chunks: Uint8Array[] = [];
  for await (const chunk of file as AsyncIterable<Uint8Array>)
    chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName: name };
}
