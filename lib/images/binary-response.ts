/** A binary answer (PDF, PNG, JPEG, the original file) with the headers every download needs. */
export function binaryResponse(bytes: Uint8Array, contentType: string, headers: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": contentType,
      "content-length": String(bytes.byteLength),
      "x-content-type-options": "nosniff",
      ...headers,
    },
  });
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function disposition(kind: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
