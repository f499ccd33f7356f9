// The document of a POST /v1/verifications: multipart `file`, JSON `document_base64` +
// `content_type`, or JSON `document_url` (fetched safely). Every malformed form gets an
// invalid_request message that says what to fix.
import { z } from "zod";
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import {
  formatBytes,
  MULTIPART_OVERHEAD,
  mediaType,
  parseJsonBytes,
  readBodyLimited,
  readFileForm,
} from "../http/request";
import { fetchDocumentUrl } from "./fetch-document-url";
import { isSupportedType, sniffType, SUPPORTED_TYPES, type SupportedType } from "./document-types";

export const verificationModeSchema = z.enum(["standard", "deep"]);

export const createVerificationJsonSchema = z
  .strictObject({
    document_base64: z
      .string()
      .min(1, "must not be empty")
      .optional()
      .meta({ description: "The document, base64 (standard alphabet, padded). Needs content_type." }),
    content_type: z.string().optional().meta({
      description:
        "Media type of document_base64 (optional with document_url: the server's Content-Type or the bytes decide).",
    }),
    document_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .meta({
        description: "An https URL the service fetches the document from (public addresses only, ≤ 3 redirects).",
      }),
    mode: verificationModeSchema.optional().meta({ description: "standard (1 credit, default) or deep (5 credits)." }),
    file_name: z.string().max(255).optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.document_base64 !== undefined, body.document_url !== undefined].filter(Boolean).length;
    if (given !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["document_base64"],
        message: "send exactly one of document_base64 or document_url",
      });
    } else if (body.document_base64 !== undefined && body.content_type === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["content_type"],
        message: "is required with document_base64 (e.g. application/pdf)",
      });
    }
  });

export const createVerificationMultipartSchema = z.strictObject({
  file: z
    .string()
    .meta({ format: "binary", description: "The document (PDF, JPEG, PNG, WebP, TIFF, HEIC/HEIF, AVIF)." }),
  mode: verificationModeSchema.optional(),
});

export interface DocumentInput {
  bytes: Uint8Array;
  contentType: SupportedType;
  fileName: string | null;
  mode: "standard" | "deep";
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The largest request body a document upload may need (base64 in JSON is the larger form). */
export const documentBodyLimit = () => Math.ceil((loadEnv().MAX_UPLOAD_BYTES * 4) / 3) + MULTIPART_OVERHEAD;

export async function parseDocumentRequest(req: Request): Promise<DocumentInput> {
  const maxBytes = loadEnv().MAX_UPLOAD_BYTES;
  const type = mediaType(req);
  if (type === "multipart/form-data") return parseMultipart(req, maxBytes);
  if (type === "application/json") {
    const body = await readBodyLimited(req, documentBodyLimit());
    return documentFromJson(parseJsonBytes(body, createVerificationJsonSchema));
  }
  throw new ApiError(
    "unsupported_media_type",
    "Send the document as multipart/form-data (field 'file') or as JSON with document_base64 and content_type, or document_url.",
  );
}

/** The document of a JSON request already validated by createVerificationJsonSchema (the API's, MCP's). */
export async function documentFromJson(body: z.infer<typeof createVerificationJsonSchema>): Promise<DocumentInput> {
  const maxBytes = loadEnv().MAX_UPLOAD_BYTES;
  return body.document_url ? fromUrl(body, body.document_url, maxBytes) : fromJson(body, maxBytes);
}

async function parseMultipart(req: Request, maxBytes: number): Promise<DocumentInput> {
  const { form, file } = await readFileForm(req, { maxBytes, allowed: ["mode"], what: "the document" });
  const bytes = new Uint8Array(await file.arrayBuffer());
  checkSize(bytes, maxBytes);
  const declared = (file.type || "").split(";")[0].trim().toLowerCase();
  const contentType = resolveType(declared === "application/octet-stream" ? "" : declared, bytes);
  return { bytes, contentType, fileName: file.name || null, mode: parseMode(form.get("mode")) };
}

async function fromUrl(
  body: z.infer<typeof createVerificationJsonSchema>,
  url: string,
  maxBytes: number,
): Promise<DocumentInput> {
  const fetched = await fetchDocumentUrl(url);
  checkSize(fetched.bytes, maxBytes);
  const declared = (body.content_type ?? "").split(";")[0].trim().toLowerCase();
  const served = isSupportedType(fetched.contentType) ? fetched.contentType : "";
  return {
    bytes: fetched.bytes,
    contentType: resolveType(declared || served, fetched.bytes),
    fileName: body.file_name ?? fetched.fileName,
    mode: body.mode ?? "standard",
  };
}

function fromJson(body: z.infer<typeof createVerificationJsonSchema>, maxBytes: number): DocumentInput {
  const compact = (body.document_base64 ?? "").replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new ApiError("invalid_request", "document_base64 is not valid base64 (standard alphabet, padded with '=').");
  }
  const bytes = new Uint8Array(Buffer.from(compact, "base64"));
  checkSize(bytes, maxBytes);
  const declared = (body.content_type ?? "").split(";")[0].trim().toLowerCase();
  if (!isSupportedType(declared)) throw unsupported(declared);
  return { bytes, contentType: declared, fileName: body.file_name ?? null, mode: body.mode ?? "standard" };
}

function checkSize(bytes: Uint8Array, maxBytes: number) {
  if (bytes.byteLength === 0) throw new ApiError("invalid_request", "The document is empty (0 bytes).");
  if (bytes.byteLength > maxBytes) {
    throw new ApiError(
      "payload_too_large",
      `The document is ${formatBytes(bytes.byteLength)}; the limit is ${formatBytes(maxBytes)}.`,
    );
  }
}

function resolveType(declared: string, bytes: Uint8Array): SupportedType {
  if (declared) {
    if (!isSupportedType(declared)) throw unsupported(declared);
    return declared;
  }
  const sniffed = sniffType(bytes);
  if (!sniffed)
    throw new ApiError(
      "invalid_request",
      `The file's type could not be recognised. Supported: ${SUPPORTED_TYPES.join(", ")}.`,
    );
  return sniffed;
}

function unsupported(type: string): ApiError {
  return new ApiError(
    "invalid_request",
    `content_type "${type}" is not supported. Use one of: ${SUPPORTED_TYPES.join(", ")}.`,
  );
}

function parseMode(value: FormDataEntryValue | null): "standard" | "deep" {
  if (value === null) return "standard";
  const parsed = verificationModeSchema.safeParse(value);
  if (!parsed.success) throw new ApiError("invalid_request", `mode must be "standard" or "deep".`);
  return parsed.data;
}
