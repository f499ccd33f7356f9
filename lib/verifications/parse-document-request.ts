// The document of a POST /v1/verifications: multipart `file`, or JSON `document_base64` +
// `content_type`. Every malformed form gets an invalid_request message that says what to fix.
import { z } from "zod";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { formatBytes, mediaType, parseJsonBytes, readBodyLimited } from "../http/request";
import { isSupportedType, sniffType, SUPPORTED_TYPES, type SupportedType } from "./document-types";

export const verificationModeSchema = z.enum(["standard", "deep"]);

export const createVerificationJsonSchema = z.strictObject({
  document_base64: z.string().min(1, "must not be empty"),
  content_type: z.string({ error: "is required with document_base64 (e.g. application/pdf)" }),
  mode: verificationModeSchema.optional(),
  file_name: z.string().max(255).optional(),
});

export interface DocumentInput {
  bytes: Uint8Array;
  contentType: SupportedType;
  fileName: string | null;
  mode: "standard" | "deep";
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MULTIPART_OVERHEAD = 64 * 1024;

export async function parseDocumentRequest(req: Request): Promise<DocumentInput> {
  const maxBytes = loadEnv().MAX_UPLOAD_BYTES;
  const type = mediaType(req);
  if (type === "multipart/form-data") return parseMultipart(req, maxBytes);
  if (type === "application/json") {
    const body = await readBodyLimited(req, Math.ceil((maxBytes * 4) / 3) + MULTIPART_OVERHEAD);
    return fromJson(parseJsonBytes(body, createVerificationJsonSchema), maxBytes);
  }
  throw new ApiError(
    "unsupported_media_type",
    "Send the document as multipart/form-data (field 'file') or as JSON with document_base64 and content_type.",
  );
}

async function parseMultipart(req: Request, maxBytes: number): Promise<DocumentInput> {
  const raw = await readBodyLimited(req, maxBytes + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(raw as BodyInit, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new ApiError("invalid_request", "The multipart body could not be parsed. Check the boundary and the encoding.");
  }
  const allowed = new Set(["file", "mode"]);
  const unknown = [...new Set(form.keys())].filter((k) => !allowed.has(k));
  if (unknown.length > 0) throw new ApiError("invalid_request", `Unknown form field(s): ${unknown.join(", ")}. Allowed: file, mode.`);
  const file = form.get("file");
  if (!(file instanceof File)) throw new ApiError("invalid_request", "Attach the document as a file in the form field 'file'.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  checkSize(bytes, maxBytes);
  const declared = (file.type || "").split(";")[0].trim().toLowerCase();
  const contentType = resolveType(declared === "application/octet-stream" ? "" : declared, bytes);
  return { bytes, contentType, fileName: file.name || null, mode: parseMode(form.get("mode")) };
}

function fromJson(body: z.infer<typeof createVerificationJsonSchema>, maxBytes: number): DocumentInput {
  const compact = body.document_base64.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new ApiError("invalid_request", "document_base64 is not valid base64 (standard alphabet, padded with '=').");
  }
  const bytes = new Uint8Array(Buffer.from(compact, "base64"));
  checkSize(bytes, maxBytes);
  const declared = body.content_type.split(";")[0].trim().toLowerCase();
  if (!isSupportedType(declared)) throw unsupported(declared);
  return { bytes, contentType: declared, fileName: body.file_name ?? null, mode: body.mode ?? "standard" };
}

function checkSize(bytes: Uint8Array, maxBytes: number) {
  if (bytes.byteLength === 0) throw new ApiError("invalid_request", "The document is empty (0 bytes).");
  if (bytes.byteLength > maxBytes) {
    throw new ApiError("payload_too_large", `The document is ${formatBytes(bytes.byteLength)}; the limit is ${formatBytes(maxBytes)}.`);
  }
}

function resolveType(declared: string, bytes: Uint8Array): SupportedType {
  if (declared) {
    if (!isSupportedType(declared)) throw unsupported(declared);
    return declared;
  }
  const sniffed = sniffType(bytes);
  if (!sniffed) throw new ApiError("invalid_request", `The file's type could not be recognised. Supported: ${SUPPORTED_TYPES.join(", ")}.`);
  return sniffed;
}

function unsupported(type: string): ApiError {
  return new ApiError("invalid_request", `content_type "${type}" is not supported. Use one of: ${SUPPORTED_TYPES.join(", ")}.`);
}

function parseMode(value: FormDataEntryValue | null): "standard" | "deep" {
  if (value === null) return "standard";
  const parsed = verificationModeSchema.safeParse(value);
  if (!parsed.success) throw new ApiError("invalid_request", `mode must be "standard" or "deep".`);
  return parsed.data;
}
