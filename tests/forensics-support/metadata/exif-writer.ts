// Test helper: writes an EXIF APP1 segment (IFD0, Exif IFD, and an IFD1 thumbnail) into a JPEG,
// the way cameras do. sharp can write EXIF tags but not a thumbnail, and the thumbnail is what the
// metadata check compares with the image.

type Value = string | number;
interface Entry {
  tag: number;
  value: Value;
}

const TAGS = {
  Make: 0x010f,
  Model: 0x0110,
  Software: 0x0131,
  DateTime: 0x0132,
  ExifIFD: 0x8769,
  DateTimeOriginal: 0x9003,
  DateTimeDigitized: 0x9004,
  ExposureTime: 0x829a,
  FNumber: 0x829d,
  Compression: 0x0103,
  JPEGInterchangeFormat: 0x0201,
  JPEGInterchangeFormatLength: 0x0202,
} as const;

export interface ExifSpec {
  Make?: string;
  Model?: string;
  Software?: string;
  /** EXIF "YYYY:MM:DD HH:MM:SS". */
  DateTime?: string;
  DateTimeOriginal?: string;
  DateTimeDigitized?: string;
  /** Camera-only tag (seconds as a LONG, for simplicity). */
  ExposureTime?: number;
  thumbnail?: Uint8Array;
}

function ifd(entries: Entry[], start: number, next: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const size = 2 + sorted.length * 12 + 4;
  const head = Buffer.alloc(size);
  const data: Buffer[] = [];
  let dataOffset = start + size;
  head.writeUInt16LE(sorted.length, 0);
  sorted.forEach((entry, i) => {
    const at = 2 + i * 12;
    head.writeUInt16LE(entry.tag, at);
    if (typeof entry.value === "string") {
      const bytes = Buffer.from(entry.value + "\0", "latin1");
      head.writeUInt16LE(2, at + 2);
      head.writeUInt32LE(bytes.length, at + 4);
      if (bytes.length <= 4) bytes.copy(head, at + 8);
      else {
        head.writeUInt32LE(dataOffset, at + 8);
        data.push(bytes);
        dataOffset += bytes.length;
      }
    } else {
      head.writeUInt16LE(4, at + 2);
      head.writeUInt32LE(1, at + 4);
      head.writeUInt32LE(entry.value, at + 8);
    }
  });
  head.writeUInt32LE(next, size - 4);
  return Buffer.concat([head, ...data]);
}

function ifdSize(entries: Entry[]): number {
  return ifd(entries, 0, 0).length;
}

export function exifSegment(spec: ExifSpec): Buffer {
  const ifd0: Entry[] = [];
  for (const key of ["Make", "Model", "Software", "DateTime"] as const)
    if (spec[key]) ifd0.push({ tag: TAGS[key], value: spec[key]! });
  const exif: Entry[] = [];
  for (const key of ["DateTimeOriginal", "DateTimeDigitized"] as const)
    if (spec[key]) exif.push({ tag: TAGS[key], value: spec[key]! });
  if (spec.ExposureTime !== undefined) exif.push({ tag: TAGS.ExposureTime, value: spec.ExposureTime });
  ifd0.push({ tag: TAGS.ExifIFD, value: 0 });

  const ifd0Start = 8;
  const exifStart = ifd0Start + ifdSize(ifd0);
  ifd0[ifd0.length - 1].value = exifStart;
  const exifBytes = ifd(exif, exifStart, 0);
  const ifd1Start = exifStart + exifBytes.length;
  let ifd1Bytes: Buffer = Buffer.alloc(0);
  let thumb: Buffer = Buffer.alloc(0);
  if (spec.thumbnail) {
    const ifd1: Entry[] = [
      { tag: TAGS.Compression, value: 6 },
      { tag: TAGS.JPEGInterchangeFormat, value: 0 },
      { tag: TAGS.JPEGInterchangeFormatLength, value: spec.thumbnail.length },
    ];
    ifd1[1].value = ifd1Start + ifdSize(ifd1);
    ifd1Bytes = ifd(ifd1, ifd1Start, 0);
    thumb = Buffer.from(spec.thumbnail);
  }
  const ifd0Bytes = ifd(ifd0, ifd0Start, spec.thumbnail ? ifd1Start : 0);
  const tiff = Buffer.concat([
    Buffer.from("II*\0", "latin1"),
    Buffer.from([8, 0, 0, 0]),
    ifd0Bytes,
    exifBytes,
    ifd1Bytes,
    thumb,
  ]);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** Inserts APP1 segments right after the JPEG's SOI marker. */
export function withSegments(jpeg: Uint8Array, ...segments: Buffer[]): Uint8Array {
  const bytes = Buffer.from(jpeg);
  return new Uint8Array(Buffer.concat([bytes.subarray(0, 2), ...segments, bytes.subarray(2)]));
}

/** An XMP APP1 segment carrying the given packet. */
export function xmpSegment(packet: string): Buffer {
  const payload = Buffer.concat([Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1"), Buffer.from(packet, "utf8")]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}
