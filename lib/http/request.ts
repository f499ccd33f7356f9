// Reading request input safely: bodies with a byte limit (checked before and while reading),
// JSON and query strings validated by zod schemas that reject unknown fields.
import { z } from "zod";
import { ApiError, validationError } from "./errors";

export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  // A declared length within the limit bounds the body (HTTP/1.1 framing: the server reads that
  // many bytes and no more), so it is read whole; arrayBuffer() also skips the web stream that the
  // production server's fetch bridge would build around the socket (bench:api).
  if (Number.isFinite(declared)) {
    const whole = new Uint8Array(await req.arrayBuffer());
    if (whole.byteLength > limit) throw tooLarge(limit); // a Request not framed by a server
    return whole;
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function tooLarge(limit: number): ApiError {
  return new ApiError(
    "payload_too_large",
    `The request body exceeds the limit of ${formatBytes(limit)}. Send a smaller document.`,
  );
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}

export function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

export function parseJsonBytes<T extends z.ZodType>(bytes: Uint8Array, schema: T): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError("invalid_request", "The request body is not valid JSON.");
  }
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, "body");
  return result.data;
}

export async function parseJson<T extends z.ZodType>(
  req: Request,
  schema: T,
  limit = 1024 * 1024,
): Promise<z.infer<T>> {
  const type = mediaType(req);
  if (type !== "application/json") {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  return parseJsonBytes(await readBodyLimited(req, limit), schema);
}

export function parseQuery<T extends z.ZodType>(req: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries(new URL(req.url).searchParams.entries());
  const result = schema.safeParse(params);
  if (!result.success) throw validationError(result.error, "query");
  return result.data;
}

export function parseParams<T extends z.ZodType>(params: unknown, schema: T): z.infer<T> {
  const result = schema.safeParse(params);
  if (!result.success) throw validationError(result.error, "path");
  return result.data;
}

/** Room for the multipart boundaries and part headers around a file of the allowed size. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * A multipart/form-data body whose file parts may hold `maxBytes`, with only the `allowed` fields
 * and a file in the field `file` (`what` names it in the messages: "the image", "the CV").
 */
export async function readFileForm(
  req: Request,
  options: { maxBytes: number; allowed?: readonly string[]; what: string },
): Promise<{ form: FormData; file: File }> {
  const raw = await readBodyLimited(req, options.maxBytes + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(raw as BodyInit, {
      headers: { "content-type": req.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new ApiError(
      "invalid_request",
      "The multipart body could not be parsed. Check the boundary and the encoding.",
    );
  }
  const allowed = new Set(["file", ...(options.allowed ?? [])]);
  const unknown = [...new Set(form.keys())].filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    const hint = allowed.size === 1 ? "Send only 'file'." : `Allowed: ${[...allowed].join(", ")}.`;
    throw new ApiError("invalid_request", `Unknown form field(s): ${unknown.join(", ")}. ${hint}`);
  }
  const file = form.get("file");
  if (!(file instanceof File))
    throw new ApiError("invalid_request", `Attach ${options.what} as a file in the form field 'file'.`);
  return { form, file };
}

/** GET, HEAD and OPTIONS read; every other method may change something (and so needs more care). */
export const isSafeMethod = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";
