// A DOCX is a ZIP. Before anything inflates it, its central directory is read here and held to
// limits a CV never comes near: the sizes it declares, the number of entries, and then the real
// inflated size of every entry, bounded by what was declared (a lying directory cannot smuggle a
// bomb past the check: inflation stops at the declared size).
import { inflateRawSync } from "node:zlib";
import { CvInputError } from "./cv-errors";

export interface ZipLimits {
  maxEntries: number;
  /** All entries together, uncompressed. */
  maxTotalBytes: number;
  /** Uncompressed / compressed, per entry (real documents stay far below 100). */
  maxRatio: number;
}

export const DOCX_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalBytes: 50 * 1024 * 1024, maxRatio: 200 };

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits = DOCX_LIMITS): ZipEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(buf);
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff)
    throw new CvInputError("The DOCX is a ZIP64 archive, which no CV needs.");
  if (count > limits.maxEntries)
    throw new CvInputError(`The DOCX holds ${count} files; at most ${limits.maxEntries} are accepted.`);
  if (dirOffset + dirSize > buf.length)
    throw new CvInputError("The DOCX is damaged: its ZIP directory lies outside the file.");
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new CvInputError("The DOCX is damaged: its ZIP directory is cut short.");
    const entry: ZipEntry = {
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      name: buf.toString("utf8", at + 46, at + 46 + buf.readUInt16LE(at + 28)),
      localHeaderOffset: buf.readUInt32LE(at + 42),
    };
    total += entry.size;
    if (entry.size === 0xffffffff || total > limits.maxTotalBytes) {
      throw new CvInputError(
        `The DOCX would unpack to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB; it is refused as a possible ZIP bomb.`,
      );
    }
    if (entry.size > 1024 * 1024 && entry.size / Math.max(1, entry.compressedSize) > limits.maxRatio) {
      throw new CvInputError(
        `The DOCX entry "${entry.name}" is compressed ${Math.round(entry.size / Math.max(1, entry.compressedSize))} to 1; it is refused as a possible ZIP bomb.`,
      );
    }
    entries.push(entry);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

function findEndOfDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = buf.length - 22; at >= Math.max(0, buf.length - 22 - 0xffff); at--) {
    if (buf.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new CvInputError("The file is not a valid DOCX: its ZIP directory is missing.");
}

/** One entry's bytes, inflated no further than the size the directory declared. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Buffer {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw new CvInputError(`The DOCX is damaged: the entry "${entry.name}" cannot be found.`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data.subarray(0, entry.size));
  if (entry.method !== 8)
    throw new CvInputError(`The DOCX uses a compression method (${entry.method}) Word never writes.`);
  try {
    const out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    if (out.length !== entry.size) throw new Error("size mismatch");
    return out;
  } catch {
    throw new CvInputError(
      `The DOCX is damaged or lies about its sizes: the entry "${entry.name}" does not unpack as declared.`,
    );
  }
}

/** Every entry inflated once within its declared size: after this, what the directory says holds. */
export function checkZipEntries(bytes: Uint8Array, entries: ZipEntry[]): void {
  for (const entry of entries) if (!entry.name.endsWith("/")) readZipEntry(bytes, entry);
}
