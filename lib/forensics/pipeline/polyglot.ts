// Polyglots: one file that is two formats at once, a document to us and something else to another
// program (a PDF that unzips to a payload, a JPEG a browser would run as a page). No scanner or
// camera writes one, so they are refused, naming the second format. The checks are exact: a ZIP
// is recognised the way unzip finds one (its end record, closing the file), HTML by its tags.
import type { SourceFormat } from "../context";
import { ForensicInputError } from "../types";

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** Tags that make a browser treat bytes as a page that runs code. */
const MARKUP = /<(script|html|body|iframe|svg|object|embed)[\s/>]/i;

/** Whether the file ends with a ZIP archive's end-of-directory record (how unzip finds one). */
export function endsWithZip(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The record is 22 bytes and a comment of at most 65,535, which must reach exactly to the end.
  const floor = Math.max(0, buf.length - 22 - 0xffff);
  for (let at = buf.lastIndexOf(EOCD); at >= floor; at = at > 0 ? buf.lastIndexOf(EOCD, at - 1) : -1) {
    if (at + 22 <= buf.length && at + 22 + buf.readUInt16LE(at + 20) === buf.length) return true;
  }
  return false;
}

/** Whether image bytes carry HTML markup (in a comment, a text chunk, after the image's end). */
export function carriesMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"));
}

export function assertNotPolyglot(bytes: Uint8Array, format: SourceFormat): void {
  const name = format === "jpeg" ? "JPEG" : format.toUpperCase();
  if (endsWithZip(bytes)) throw polyglot(`a ${name} and a ZIP archive`);
  if (format !== "pdf" && carriesMarkup(bytes)) throw polyglot(`a ${name} image and an HTML page`);
}

const polyglot = (what: string) =>
  new ForensicInputError(
    "unsupported_format",
    `The file is ${what} at once (a polyglot), which no scanner or camera writes; send the document alone.`,
  );
