// Reads an image's EXIF/TIFF/IPTC tags (exifr), its XMP packet (our own reader, so history and
// attributes are read the same way as in PDFs) and its embedded EXIF thumbnail.
import exifr from "exifr";
import type { SourceFormat } from "../../context";
import { findXmpPacket, parseXmp, type Xmp } from "./xmp";

export interface ImageMetadata {
  tags: Record<string, unknown>;
  /** PNG tEXt/iTXt entries (Software, Comment, ...), where GIMP and web editors sign their work. */
  pngText: Record<string, string>;
  xmp: Xmp | null;
  thumbnail: Uint8Array | null;
}

const EXIFR_OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  iptc: true,
  xmp: false,
  icc: false,
  ifd1: false,
  interop: false,
  mergeOutput: true,
  reviveValues: false,
  translateValues: false,
};

export async function readImageMetadata(bytes: Uint8Array, format: SourceFormat): Promise<ImageMetadata> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // exifr does not know WebP: hand it the TIFF block of the RIFF "EXIF" chunk instead.
  const exifSource = format === "webp" ? webpExif(buffer) : buffer;
  let tags: Record<string, unknown> = {};
  let thumbnail: Uint8Array | null = null;
  if (exifSource) {
    tags =
      ((await exifr.parse(exifSource, EXIFR_OPTIONS).catch(() => undefined)) as Record<string, unknown> | undefined) ??
      {};
    if (format === "jpeg") thumbnail = (await exifr.thumbnail(exifSource).catch(() => undefined)) ?? null;
  }
  return { tags, pngText: format === "png" ? pngText(buffer) : {}, xmp: xmpOf(buffer), thumbnail };
}

function xmpOf(buffer: Buffer): Xmp | null {
  const text = buffer.toString("latin1");
  const packet = findXmpPacket(text);
  if (!packet) return null;
  // Offsets in a latin1 string are byte offsets, so the packet can be re-read as UTF-8.
  const start = text.indexOf(packet);
  return parseXmp(buffer.subarray(start, start + packet.length).toString("utf8"));
}

function webpExif(buffer: Buffer): Buffer | null {
  if (buffer.toString("latin1", 0, 4) !== "RIFF" || buffer.toString("latin1", 8, 12) !== "WEBP") return null;
  for (let at = 12; at + 8 <= buffer.length;) {
    const id = buffer.toString("latin1", at, at + 4);
    const size = buffer.readUInt32LE(at + 4);
    if (id === "EXIF") {
      const chunk = buffer.subarray(at + 8, at + 8 + size);
      return chunk.toString("latin1", 0, 6) === "Exif\0\0" ? chunk.subarray(6) : chunk;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

function pngText(buffer: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  if (buffer.toString("latin1", 1, 4) !== "PNG") return out;
  for (let at = 8, chunks = 0; at + 12 <= buffer.length && chunks < 10_000; chunks++) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString("latin1", at + 4, at + 8);
    const data = buffer.subarray(at + 8, Math.min(buffer.length, at + 8 + length));
    if (type === "IEND") break;
    if (type === "tEXt" || type === "iTXt") {
      const nul = data.indexOf(0);
      if (nul > 0 && nul < 80) {
        const keyword = data.toString("latin1", 0, nul);
        let text = "";
        if (type === "tEXt") text = data.toString("latin1", nul + 1);
        else if (data[nul + 1] === 0) {
          // iTXt: keyword, compression flag and method, language tag, translated keyword, text.
          const lang = data.indexOf(0, nul + 3);
          const translated = lang >= 0 ? data.indexOf(0, lang + 1) : -1;
          if (translated >= 0) text = data.toString("utf8", translated + 1);
        }
        if (text && !out[keyword]) out[keyword] = text.slice(0, 500);
      }
    }
    at += 12 + length;
  }
  return out;
}
