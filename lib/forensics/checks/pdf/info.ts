// Reads a PDF's document information dictionary (Producer, Creator, dates) and its XMP packet,
// as raw strings, so their values can be judged as written rather than as a library normalised them.
import { PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument } from "pdf-lib";
import { findXmpPacket, parseXmp, type Xmp } from "../metadata/xmp";
import { decodeStream } from "./document";

export interface PdfMetadata {
  info: Partial<Record<"Producer" | "Creator" | "CreationDate" | "ModDate" | "Title" | "Author", string>>;
  xmp: Xmp | null;
}

const INFO_KEYS = ["Producer", "Creator", "CreationDate", "ModDate", "Title", "Author"] as const;

export function readPdfMetadata(doc: PDFDocument): PdfMetadata {
  const info: PdfMetadata["info"] = {};
  const infoRef = doc.context.trailerInfo.Info;
  const dict = infoRef ? doc.context.lookup(infoRef) : undefined;
  if (dict instanceof PDFDict) {
    for (const key of INFO_KEYS) {
      const value = dict.lookup(PDFName.of(key));
      if (value instanceof PDFString || value instanceof PDFHexString)
        info[key] = value.decodeText().replace(/\0/g, "").trim();
    }
  }
  return { info, xmp: readXmp(doc) };
}

// Only the catalog's packet describes the document; others in the file belong to embedded images.
function readXmp(doc: PDFDocument): Xmp | null {
  const stream = doc.catalog.lookup(PDFName.of("Metadata"));
  if (!stream) return null;
  const packet = findXmpPacket(Buffer.from(decodeStream(stream)).toString("utf8"));
  return packet ? parseXmp(packet) : null;
}
