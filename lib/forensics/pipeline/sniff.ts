// The real format comes from the bytes, never from the declared content type: uploads lie.
import type { SourceFormat } from "../context";

export type Sniffed = { format: SourceFormat } | { format: null; seen: string };

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
const GENERIC_HEIF_BRANDS = new Set(["mif1", "msf1", "miaf"]);

export function sniffFormat(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { format: "jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { format: "png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return { format: "webp" };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { format: "tiff" };
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b]))
    return { format: "tiff" };
  const heif = sniffIsoBmff(bytes);
  if (heif) return heif;
  // PDF readers accept the header anywhere in the first KiB (some generators prepend junk).
  if (indexOfAscii(bytes, "%PDF-", 1024) >= 0) return { format: "pdf" };
  return { format: null, seen: describeUnknown(bytes) };
}

function sniffIsoBmff(bytes: Uint8Array): Sniffed | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return null;
  const boxSize = readU32(bytes, 0);
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16);
  const brands = [ascii(bytes, 8, 4)];
  for (let o = 16; o + 4 <= end; o += 4) brands.push(ascii(bytes, o, 4));
  if (brands.some((b) => AVIF_BRANDS.has(b))) return { format: "avif" };
  if (brands.some((b) => HEIC_BRANDS.has(b))) return { format: "heic" };
  if (brands.some((b) => GENERIC_HEIF_BRANDS.has(b))) return { format: "heic" };
  return { format: null, seen: `an ISO media file (brand "${brands[0].trim()}", e.g. a video)` };
}

const KNOWN_OTHERS: Array<[number[] | string, string]> = [
  ["GIF8", "a GIF image"],
  ["BM", "a BMP image"],
  [[0x50, 0x4b, 0x03, 0x04], "a ZIP archive (or an Office document such as .docx)"],
  [[0xd0, 0xcf, 0x11, 0xe0], "a legacy Office document"],
  [[0x1f, 0x8b], "a gzip archive"],
  ["{\\rtf", "an RTF document"],
  [[0x00, 0x00, 0x01, 0x00], "an icon file"],
  ["8BPS", "a Photoshop document"],
  [[0xff, 0x0a], "a JPEG XL image"],
  [[0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20], "a JPEG XL image"],
  [[0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20], "a JPEG 2000 image"],
];

function describeUnknown(bytes: Uint8Array): string {
  for (const [magic, name] of KNOWN_OTHERS) {
    const m = typeof magic === "string" ? [...magic].map((c) => c.charCodeAt(0)) : magic;
    if (startsWith(bytes, m)) return name;
  }
  const head = ascii(bytes, 0, 512).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "an SVG image";
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "an HTML page";
  if (head.startsWith("<?xml")) return "an XML document";
  if (isMostlyText(bytes)) return "plain text";
  const hex = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join(" ");
  return `unrecognised bytes (starting ${hex})`;
}

function isMostlyText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 512);
  let printable = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127) || b >= 0xc2) printable++;
  }
  return n > 0 && printable / n > 0.95;
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let s = "";
  for (let i = start; i < Math.min(bytes.length, start + length); i++) s += String.fromCharCode(bytes[i]);
  return s;
}

function readU32(bytes: Uint8Array, o: number): number {
  return ((bytes[o] << 24) | (bytes[o + 1] << 16) | (bytes[o + 2] << 8) | bytes[o + 3]) >>> 0;
}

function indexOfAscii(bytes: Uint8Array, needle: string, within: number): number {
  const end = Math.min(bytes.length, within + needle.length) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}
