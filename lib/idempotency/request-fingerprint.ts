// The fingerprint an Idempotency-Key is bound to: sha256 over the request's meaning — method,
// path, and its content — not over its bytes on the wire. A multipart body gets a new boundary on
// every send, so it is fingerprinted by its fields (name, value) and files (name, file name, sha256
// of the bytes) in the order sent; a JSON body by its value with object keys sorted; anything else
// by its bytes. The same key with another fingerprint is a conflict.
import { createHash } from "node:crypto";

export async function requestFingerprint(
  method: string,
  path: string,
  contentType: string | null,
  body: Uint8Array,
): Promise<string> {
  const hash = createHash("sha256").update(`${method.toUpperCase()} ${path}\n`);
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  const content = type === "multipart/form-data" ? await multipartParts(contentType!, body) : undefined;
  if (content) return hash.update("multipart\n").update(content).digest("hex");
  if (type === "application/json") {
    const value = parseJson(body);
    if (value !== undefined) return hash.update("json\n").update(canonicalJson(value)).digest("hex");
  }
  return hash.update("bytes\n").update(body).digest("hex");
}

/** The form's entries as one canonical string, or undefined when the body is not a valid form. */
async function multipartParts(contentType: string, body: Uint8Array): Promise<string | undefined> {
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    return undefined; // malformed: fingerprinted by its bytes; the handler answers the error
  }
  const parts: string[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") parts.push(JSON.stringify(["field", name, value]));
    else {
      const digest = createHash("sha256")
        .update(new Uint8Array(await value.arrayBuffer()))
        .digest("hex");
      parts.push(JSON.stringify(["file", name, value.name, digest]));
    }
  }
  return parts.join("\n");
}

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
