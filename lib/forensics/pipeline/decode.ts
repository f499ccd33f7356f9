// Decode and normalise: sniff the real format, refuse what is empty, too big or unknown, and
// hand every format to its decoder.
import { ForensicInputError } from "../types";
import type { DecodedDocument, StageEnv } from "./decoded";
import { decodeHeic } from "./decode-heic";
import { decodeRaster } from "./decode-image";
import { decodePdf } from "./decode-pdf";
import { assertNotPolyglot } from "./polyglot";
import { sniffFormat } from "./sniff";

export async function decodeDocument(bytes: Uint8Array, contentType: string, env: StageEnv): Promise<DecodedDocument> {
  if (bytes.byteLength === 0) throw new ForensicInputError("empty_file", "The file is empty (0 bytes).");
  if (bytes.byteLength > env.limits.maxBytes) {
    throw new ForensicInputError(
      "too_large",
      `The file is ${mib(bytes.byteLength)} MiB; at most ${mib(env.limits.maxBytes)} MiB are accepted.`,
    );
  }
  const sniffed = sniffFormat(bytes);
  if (sniffed.format === null) {
    throw new ForensicInputError(
      "unsupported_format",
      `The file looks like ${sniffed.seen}; supported formats are PDF, JPEG, PNG, WebP, TIFF, HEIC/HEIF and AVIF.`,
    );
  }
  assertNotPolyglot(bytes, sniffed.format);
  const declared = contentType.split(";")[0].trim().toLowerCase();
  env.log(
    declared && !declared.includes(sniffed.format === "jpeg" ? "jpeg" : sniffed.format)
      ? `detected ${sniffed.format.toUpperCase()} (declared as ${declared})`
      : `detected ${sniffed.format.toUpperCase()}`,
  );
  switch (sniffed.format) {
    case "pdf":
      return decodePdf(bytes, env);
    case "heic":
      return decodeHeic(bytes, env);
    default:
      return decodeRaster(bytes, sniffed.format, env);
  }
}

function mib(n: number): string {
  return (n / (1024 * 1024)).toFixed(1);
}
