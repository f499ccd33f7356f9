// Test helper: small genuine-looking documents made with pdf-lib, and a DocumentContext around
// raw bytes (the pdf and metadata checks read ctx.bytes themselves).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { DocumentContext, SourceFormat } from "@/lib/forensics/context";

export const CERTIFICATE_LINES = [
  { text: "UNIVERSITY OF NORTHFIELD", y: 760, size: 22, bold: true },
  { text: "This is to certify that", y: 700, size: 12, bold: false },
  { text: "Jane Alice Doe", y: 670, size: 18, bold: false },
  { text: "has been awarded the degree of Bachelor of Science", y: 640, size: 12, bold: false },
  { text: "with Second Class Honours (Upper Division)", y: 620, size: 12, bold: false },
  { text: "Date of award: 14 June 2019", y: 580, size: 12, bold: false },
  { text: "Registration number: 2019-77341", y: 560, size: 12, bold: false },
];

export async function makeCertificate(
  options: { producer?: string; creator?: string; created?: Date; modified?: Date; useObjectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  for (const line of CERTIFICATE_LINES) {
    page.drawText(line.text, {
      x: 60,
      y: line.y,
      size: line.size,
      font: line.bold ? bold : regular,
      color: rgb(0, 0, 0),
    });
  }
  page.drawRectangle({ x: 40, y: 520, width: 515, height: 2, color: rgb(0.2, 0.2, 0.5) });
  doc.setTitle("Degree certificate");
  doc.setProducer(options.producer ?? "pdf-lib (https://github.com/Hopding/pdf-lib)");
  doc.setCreator(options.creator ?? "Registry system");
  doc.setCreationDate(options.created ?? new Date("2019-06-14T10:00:00Z"));
  doc.setModificationDate(options.modified ?? options.created ?? new Date("2019-06-14T10:00:00Z"));
  return doc.save({ useObjectStreams: options.useObjectStreams ?? false });
}

export function contextFor(
  bytes: Uint8Array,
  format: SourceFormat = "pdf",
  mode: "standard" | "deep" = "standard",
): DocumentContext {
  return {
    bytes,
    contentType: format === "pdf" ? "application/pdf" : `image/${format}`,
    format,
    mode,
    limits: { maxBytes: 50e6, maxPixels: 100e6, maxPages: 500, standardPages: 3, timeoutMs: 60_000 },
    pages: [],
    pageCount: 1,
    metadata: {},
    docType: "diploma",
    isCredential: true,
    fields: {},
    fullText: [],
  };
}
