// document_url: the document is fetched through lib/net's SSRF-safe client, within the upload
// limit. Failures are the caller's to fix, so they answer invalid_request with the reason.
import { loadEnv } from "../env";
import { ApiError } from "../http/errors";
import { FetchLimitError, safeFetch, UnsafeUrlError } from "../net/safe-fetch";

export interface FetchedDocument {
  bytes: Uint8Array;
  /** The media type the server declared, without parameters ("" when absent). */
  contentType: string;
  fileName: string | null;
}

export async function fetchDocumentUrl(url: string): Promise<FetchedDocument> {
  const maxBytes = loadEnv().MAX_UPLOAD_BYTES;
  let result;
  try {
    result = await safeFetch(url, { maxBytes });
  } catch (error) {
    if (error instanceof UnsafeUrlError)
      throw new ApiError("invalid_request", `document_url refused: ${error.message}`);
    if (error instanceof FetchLimitError)
      throw new ApiError("invalid_request", `document_url could not be fetched: ${error.message}`);
    throw new ApiError(
      "invalid_request",
      `document_url could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError(
      "invalid_request",
      `document_url answered HTTP ${result.status}; it must answer 200 with the document.`,
    );
  }
  const contentType = String(result.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  const last = new URL(result.url).pathname.split("/").pop() ?? "";
  return {
    bytes: new Uint8Array(result.body),
    contentType,
    fileName: last ? decodeURIComponent(last).slice(0, 255) : null,
  };
}
