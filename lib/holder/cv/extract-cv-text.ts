// A CV's bytes → its text, one line per line of the document. Runs inside a worker thread
// (read-cv-text.ts), which bounds its time and memory; the limits here bound the work itself.
import mammoth from "mammoth";
import { DEFAULT_LIMITS } from "../../forensics/pipeline/limits";
import { assertPdfStreamBudget } from "../../forensics/pipeline/pdf-stream-budget";
import { pdfjs, PDFJS_RESOURCES } from "../../forensics/pipeline/pdfjs";
import { ForensicInputError } from "../../forensics/types";
import { CvInputError } from "./cv-errors";
import { CV_TYPES, type CvType } from "./sniff-cv";
import { checkZipEntries, readZipDirectory } from "./zip-directory";

/** A CV is a few pages; a document of more is not a CV (or is built to make the reader work). */
export const MAX_PDF_PAGES = 20;
/** Enough text for any CV; the rest of a longer one is not read. */
export const MAX_TEXT_CHARS = 200_000;

export async function extractCvText(bytes: Uint8Array, type: CvType): Promise<string> {
  const text = type === CV_TYPES.pdf ? await pdfText(bytes) : await docxText(bytes);
  return text.slice(0, MAX_TEXT_CHARS);
}

async function docxText(bytes: Uint8Array): Promise<string> {
  checkZipEntries(bytes, readZipDirectory(bytes));
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return value;
  } catch {
    throw new CvInputError("The DOCX could not be read: it is damaged or not a Word document.");
  }
}

interface PdfTextItem {
  str: string;
  transform: number[];
  height: number;
  hasEOL?: boolean;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdfjs inflates a stream whole, however large: a Flate bomb is refused before it opens the file.
  try {
    assertPdfStreamBudget(bytes, { maxPixels: DEFAULT_LIMITS.maxPixels });
  } catch (error) {
    if (error instanceof ForensicInputError) throw new CvInputError(error.message);
    throw error;
  }
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    ...PDFJS_RESOURCES,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    enableXfa: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    let doc: Awaited<typeof task.promise>;
    try {
      doc = await task.promise;
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "PasswordException"
          ? "it is password-protected"
          : "it is damaged or not a PDF";
      throw new CvInputError(`The PDF could not be opened: ${reason}.`);
    }
    if (doc.numPages > MAX_PDF_PAGES) {
      throw new CvInputError(`The PDF has ${doc.numPages} pages; a CV of at most ${MAX_PDF_PAGES} pages is read.`);
    }
    const pages: string[] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages && chars < MAX_TEXT_CHARS; n++) {
      let lines: string[];
      try {
        const page = await doc.getPage(n);
        lines = linesOf((await page.getTextContent()).items as PdfTextItem[]);
      } catch {
        throw new CvInputError(`The PDF's page ${n} could not be read: the file is damaged.`);
      }
      const text = lines.join("\n");
      chars += text.length;
      pages.push(text);
    }
    return pages.join("\n");
  } finally {
    void task.destroy().catch(() => undefined);
  }
}

/** Text items in content order → lines: a new line where pdfjs marks one or the baseline moves. */
function linesOf(items: PdfTextItem[]): string[] {
  const lines: string[] = [];
  let current = "";
  let baseline: number | null = null;
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const y = item.transform[5];
    if (baseline !== null && current && Math.abs(y - baseline) > Math.max(2, item.height * 0.5)) {
      lines.push(current);
      current = "";
    }
    // Items on one line that pdfjs split (a tab stop, a new font) are one space apart.
    current += current && item.str && !current.endsWith(" ") && !item.str.startsWith(" ") ? ` ${item.str}` : item.str;
    baseline = y;
    if (item.hasEOL) {
      lines.push(current);
      current = "";
      baseline = null;
    }
  }
  if (current) lines.push(current);
  return lines.map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean);
}
