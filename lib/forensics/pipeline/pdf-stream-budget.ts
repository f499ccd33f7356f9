// A PDF's streams, measured before any reader opens it. pdfjs (and pdf-lib, for object streams)
// inflate a stream whole, into one growing buffer, however large it gets: a 1 KB file whose page
// content inflates twice over to 256 MB held a worker for the whole deadline and a gigabyte of
// memory. Here every Flate stream is inflated once, with zlib stopping at its budget, and images
// are held to the pixel limit by their declared size (and a JPEG's by its own frame header, which
// is what pdfjs's decoder allocates), so such a file is refused in milliseconds.
import { constants, inflateSync } from "node:zlib";
import { ForensicInputError } from "../types";

/** A page's content, an object stream, a cross-reference stream: far less in any real document. */
export const MAX_STREAM_BYTES = 16 * 1024 * 1024;
/** Embedded font programs: a full CJK font is ~20 MB. */
export const MAX_FONT_STREAM_BYTES = 64 * 1024 * 1024;
/** Everything this check inflates, together: bounds its own work on a file of thousands of streams. */
export const MAX_TOTAL_INFLATED_BYTES = 1024 * 1024 * 1024;

const MIB = 1024 * 1024;
const STREAM = Buffer.from("stream", "latin1");
const ENDSTREAM = Buffer.from("endstream", "latin1");
/** How far back from `stream` its dictionary may start. */
const MAX_DICT_BYTES = 8192;

export interface StreamBudget {
  maxPixels: number;
  /** Throws once the caller's deadline has passed (called between streams). */
  check?: () => void;
}

/** Throws ForensicInputError (too_many_pixels, decode_failed) for a PDF whose streams break the budget. */
export function assertPdfStreamBudget(bytes: Uint8Array, env: StreamBudget): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = buf.indexOf(STREAM); at !== -1; at = buf.indexOf(STREAM, at + STREAM.length)) {
    // The keyword, not the end of "endstream": a dictionary's ">>" comes before it.
    const dict = dictionaryBefore(buf, at);
    if (dict === null) continue;
    env.check?.();
    const start = dataStart(buf, at + STREAM.length);
    const end = buf.indexOf(ENDSTREAM, start);
    const data = buf.subarray(start, end === -1 ? buf.length : end);
    const image = /\/Subtype\s*\/Image\b/.test(dict);
    if (image) assertImageSize(dict, data, env);
    const budget = image ? imageBudget(dict, env) : isFontProgram(dict) ? MAX_FONT_STREAM_BYTES : MAX_STREAM_BYTES;
    total += inflatedSize(data, leadingFlateFilters(dict), budget, image);
    if (end !== -1) at = end;
    if (total > MAX_TOTAL_INFLATED_BYTES) {
      throw bomb(`its compressed streams together inflate to more than ${MAX_TOTAL_INFLATED_BYTES / MIB} MB`);
    }
  }
}

/** The dictionary (as text) that ends right before `stream` at `at`, or null when there is none. */
function dictionaryBefore(buf: Buffer, at: number): string | null {
  let i = at - 1;
  while (i >= 0 && isWhite(buf[i])) i--;
  if (i < 1 || buf[i] !== 0x3e || buf[i - 1] !== 0x3e) return null; // ">>"
  let depth = 0;
  const floor = Math.max(0, at - MAX_DICT_BYTES);
  for (let j = i; j > floor; j--) {
    if (buf[j] === 0x3e && buf[j - 1] === 0x3e) {
      depth++;
      j--;
    } else if (buf[j] === 0x3c && buf[j - 1] === 0x3c) {
      depth--;
      j--;
      if (depth === 0) return buf.toString("latin1", j, i + 1);
    }
  }
  return null;
}

function dataStart(buf: Buffer, after: number): number {
  if (buf[after] === 0x0d && buf[after + 1] === 0x0a) return after + 2;
  return buf[after] === 0x0a || buf[after] === 0x0d ? after + 1 : after;
}

const isWhite = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;

/** How many Flate filters the stream applies first (a chain may inflate twice: each pass counts). */
function leadingFlateFilters(dict: string): number {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict)?.[1];
  if (!filter) return 0;
  let count = 0;
  for (const name of filter.match(/\/[A-Za-z0-9]+/g) ?? []) {
    if (name !== "/FlateDecode" && name !== "/Fl") break;
    count++;
  }
  return count;
}

function isFontProgram(dict: string): boolean {
  return /\/Length[123]\b/.test(dict) || /\/Subtype\s*\/(Type1C|CIDFontType0C|OpenType)\b/.test(dict);
}

const numberIn = (dict: string, key: string) => {
  // A direct number only: "/Width 5 0 R" (an indirect one) is not read here.
  const match = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R)`).exec(dict);
  return match ? Number(match[1]) : null;
};

function assertImageSize(dict: string, data: Buffer, env: StreamBudget): void {
  let width = numberIn(dict, "Width");
  let height = numberIn(dict, "Height");
  // A JPEG is decoded at the size its own frame header says, whatever the dictionary claims.
  if (/\/(DCTDecode|DCT)\b/.test(dict)) {
    const frame = jpegFrameSize(data);
    if (frame) [width, height] = [Math.max(width ?? 0, frame.width), Math.max(height ?? 0, frame.height)];
  }
  if (width && height && width * height > env.maxPixels) {
    throw new ForensicInputError(
      "too_many_pixels",
      `The PDF holds an image of ${width}×${height} pixels (${Math.round((width * height) / 1e6)} megapixels); at most ${Math.round(env.maxPixels / 1e6)} megapixels are accepted.`,
    );
  }
}

/** The bytes an image's samples take (one more per row for a PNG predictor), or the pixel limit's when unknown. */
function imageBudget(dict: string, env: StreamBudget): number {
  const width = numberIn(dict, "Width");
  const height = numberIn(dict, "Height");
  const bits = numberIn(dict, "BitsPerComponent") ?? 8;
  const components = /\/DeviceGray|\/CalGray|\/ImageMask\s+true/.test(dict)
    ? 1
    : /\/DeviceRGB|\/CalRGB/.test(dict)
      ? 3
      : 4;
  if (!width || !height) return env.maxPixels * 4 * 2;
  return (Math.ceil((width * components * Math.min(16, bits)) / 8) + 1) * height + 4096;
}

/** The size the stream inflates to through its `passes` Flate filters; throws past `budget` at any pass. */
function inflatedSize(data: Buffer, passes: number, budget: number, image: boolean): number {
  let current = data;
  for (let pass = 0; pass < passes; pass++) {
    try {
      // SYNC_FLUSH: a stream cut short is measured as far as it goes (readers read it that far too).
      current = inflateSync(current, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: budget });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
        throw bomb(
          image
            ? `one of its images inflates to more than its ${megabytes(budget)} of pixels`
            : `one of its compressed streams inflates to more than ${megabytes(budget)}`,
        );
      }
      // Damaged data: the reader will say so; nothing more to measure here.
      return current.length;
    }
  }
  return passes > 0 ? current.length : 0;
}

const megabytes = (bytes: number) => `${Math.round(bytes / MIB)} MB`;

const bomb = (what: string) =>
  new ForensicInputError("decode_failed", `The PDF is refused as a decompression bomb: ${what}.`);

/** Width and height from a JPEG's first frame header (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegFrameSize(data: Buffer): { width: number; height: number } | null {
  if (data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}
