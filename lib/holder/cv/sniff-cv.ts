// What a CV upload really is, from its bytes (never its name or declared type): a PDF, or a ZIP
// whose [Content_Types].xml declares a Word document.
import { endsWithZip } from "../../forensics/pipeline/polyglot";
import { CvInputError } from "./cv-errors";
import { readZipDirectory, readZipEntry } from "./zip-directory";

export const CV_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;
export type CvType = (typeof CV_TYPES)[keyof typeof CV_TYPES];

const WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

/**
 * The CV's type, or null when it is neither. A ZIP whose directory breaks the limits (a ZIP bomb)
 * or is damaged, or a PDF that is also a ZIP, throws CvInputError, saying so.
 */
export function sniffCv(bytes: Uint8Array): CvType | null {
  // Readers accept a PDF header anywhere in the first KiB; so does this.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (head.includes("%PDF-")) {
    // A PDF that is also a ZIP (a polyglot) is one document to us and a payload to unzip.
    if (endsWithZip(bytes))
      throw new CvInputError("The file is a PDF and a ZIP archive at once (a polyglot); upload the CV alone.");
    return CV_TYPES.pdf;
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    const entry = readZipDirectory(bytes).find((e) => e.name === "[Content_Types].xml");
    if (entry && entry.size < 1024 * 1024 && readZipEntry(bytes, entry).toString("utf8").includes(WORD_MAIN))
      return CV_TYPES.docx;
  }
  return null;
}
