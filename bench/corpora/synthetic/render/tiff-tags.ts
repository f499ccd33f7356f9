// EXIF in a TIFF the way scanners and editors write it: Make, Model, Software and DateTime are tags
// of the first image directory itself, DateTimeOriginal sits in an Exif sub-directory it points to.
// libvips writes neither into TIFF (only into JPEG, PNG, WebP), so they are added here: a new first
// directory is appended with the old entries plus these, and the header is pointed at it.

const IFD0_TAGS: Record<string, number> = { Make: 271, Model: 272, Software: 305, DateTime: 306 };
const EXIF_TAGS: Record<string, number> = { DateTimeOriginal: 36867, DateTimeDigitized: 36868 };
const EXIF_POINTER = 34665;
const ASCII = 2;
const LONG = 4;

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** The 4 value/offset bytes as stored, or the ASCII text to place. */
  raw?: Buffer;
  text?: string;
}

/** `exif` as sharp's withExif takes it (IFD0 and IFD2 = Exif); other IFDs are ignored. */
export function withTiffExif(tiff: Uint8Array, exif: Record<string, Record<string, string>>): Uint8Array {
  const src = Buffer.from(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const le = src.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (le ? src.readUInt16LE(at) : src.readUInt16BE(at));
  const u32 = (at: number) => (le ? src.readUInt32LE(at) : src.readUInt32BE(at));
  if (u16(2) !== 42) throw new Error("not a classic TIFF");
  const first = u32(4);
  const count = u16(first);
  const entries = new Map<number, Entry>();
  for (let i = 0; i < count; i++) {
    const at = first + 2 + i * 12;
    entries.set(u16(at), { tag: u16(at), type: u16(at + 2), count: u32(at + 4), raw: src.subarray(at + 8, at + 12) });
  }
  const next = u32(first + 2 + count * 12);
  for (const [name, value] of Object.entries(exif.IFD0 ?? {})) {
    const tag = IFD0_TAGS[name];
    if (tag) entries.set(tag, { tag, type: ASCII, count: value.length + 1, text: value });
  }
  const sub = Object.entries(exif.IFD2 ?? {})
    .filter(([name]) => EXIF_TAGS[name])
    .map(([name, value]): Entry => ({
      tag: EXIF_TAGS[name] as number,
      type: ASCII,
      count: value.length + 1,
      text: value,
    }));

  const out: Buffer[] = [src];
  let end = src.length + (src.length % 2);
  if (src.length % 2) out.push(Buffer.alloc(1));
  const append = (chunk: Buffer) => {
    const at = end;
    out.push(chunk);
    end += chunk.length;
    if (chunk.length % 2) {
      out.push(Buffer.alloc(1));
      end += 1;
    }
    return at;
  };
  const directory = (list: Entry[], nextOffset: number) => {
    const sorted = [...list].sort((a, b) => a.tag - b.tag);
    for (const e of sorted) {
      if (e.text === undefined) continue;
      const bytes = Buffer.from(`${e.text}\0`, "latin1");
      e.raw = Buffer.alloc(4);
      if (bytes.length <= 4) bytes.copy(e.raw);
      else writeU32(e.raw, 0, append(bytes), le);
    }
    const ifd = Buffer.alloc(2 + sorted.length * 12 + 4);
    writeU16(ifd, 0, sorted.length, le);
    sorted.forEach((e, i) => {
      const at = 2 + i * 12;
      writeU16(ifd, at, e.tag, le);
      writeU16(ifd, at + 2, e.type, le);
      writeU32(ifd, at + 4, e.count, le);
      (e.raw as Buffer).copy(ifd, at + 8);
    });
    writeU32(ifd, ifd.length - 4, nextOffset, le);
    return append(ifd);
  };
  if (sub.length) {
    const pointer = Buffer.alloc(4);
    writeU32(pointer, 0, directory(sub, 0), le);
    entries.set(EXIF_POINTER, { tag: EXIF_POINTER, type: LONG, count: 1, raw: pointer });
  }
  const newFirst = directory([...entries.values()], next);
  const header = Buffer.from(src.subarray(0, 8));
  writeU32(header, 4, newFirst, le);
  out[0] = Buffer.concat([header, src.subarray(8)]);
  return new Uint8Array(Buffer.concat(out));
}

function writeU16(buf: Buffer, at: number, value: number, le: boolean) {
  if (le) buf.writeUInt16LE(value, at);
  else buf.writeUInt16BE(value, at);
}

function writeU32(buf: Buffer, at: number, value: number, le: boolean) {
  if (le) buf.writeUInt32LE(value, at);
  else buf.writeUInt32BE(value, at);
}
