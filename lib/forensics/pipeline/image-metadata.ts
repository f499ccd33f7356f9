// EXIF, XMP and IPTC of an image as flat key/values (Make, Model, Software, DateTimeOriginal,
// ModifyDate, CreatorTool, …), plus `_image` with what the decoder saw in the header.
import exifr from "exifr";

export async function readImageMetadata(
  bytes: Uint8Array,
  image: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let tags: Record<string, unknown> = {};
  try {
    const parsed = await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      tiff: true,
      exif: true,
      gps: true,
      xmp: true,
      iptc: true,
      icc: false,
      ifd1: false,
      interop: false,
      makerNote: false,
      userComment: true,
      mergeOutput: true,
      reviveValues: true,
    });
    if (parsed && typeof parsed === "object") tags = jsonSafe(parsed) as Record<string, unknown>;
  } catch {
    // Damaged or absent metadata is itself no reason to fail the analysis.
  }
  return { ...tags, _image: image };
}

/** Dates to ISO strings, binary blobs to their length, so metadata can travel as JSON. */
function jsonSafe(v: unknown, depth = 0): unknown {
  if (depth > 6) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof Uint8Array || v instanceof ArrayBuffer) return `<${v.byteLength} bytes>`;
  if (Array.isArray(v)) return v.slice(0, 64).map((x) => jsonSafe(x, depth + 1));
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonSafe(x, depth + 1)]));
  }
  return v;
}
