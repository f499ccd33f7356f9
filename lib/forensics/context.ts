// What the pipeline's early stages hand to the checks. Each check reads this and returns findings;
// checks never mutate it and never depend on each other.
import type { DocType, EngineLimits, FieldValue, Finding, PageQuality, VerificationMode } from "./types";

export type SourceFormat = "pdf" | "jpeg" | "png" | "webp" | "tiff" | "heic" | "avif";

/** A word or line of text with its box, in page fractions (0..1, origin top-left). */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** "pdf" for the text layer, "ocr" for recognised text. */
  source: "pdf" | "ocr";
  /** OCR confidence 0..100; 100 for the PDF text layer. */
  confidence: number;
  /** PDF font name when known (text layer only). */
  font?: string;
}

export interface PageImage {
  /** 1-based. */
  page: number;
  /** Raw interleaved RGB, 8 bits per channel, after EXIF orientation. */
  rgb: Uint8Array;
  width: number;
  height: number;
  /** Scale of this raster relative to the page's analysed size (deep mode keeps 1). */
  dpi: number | null;
  source: "pdf-text" | "pdf-scan" | "image";
  /**
   * A scanned PDF page that is one JPEG filling the page: that JPEG decoded as stored, what the
   * pixel analyses would see had it been uploaded (a rendering at another scale resamples away
   * the encoder's 8×8 grid and tables, sensor noise, noise a clone carried along). Within the
   * render budget `rgb` is this very raster; a larger JPEG is kept here beside a smaller
   * rendering. Absent on every other page.
   */
  embedded?: EmbeddedJpeg;
  quality: PageQuality;
  text: TextItem[];
}

export interface EmbeddedJpeg {
  /** The image stream's bytes: a complete JPEG file (its quantisation tables included). */
  jpeg: Uint8Array;
  /** Raw interleaved RGB at the JPEG's own resolution, as an upload of it decodes. */
  rgb: Uint8Array;
  width: number;
  height: number;
  /** The JPEG's resolution on the page. */
  dpi: number;
}

export interface DocumentContext {
  bytes: Uint8Array;
  contentType: string;
  format: SourceFormat;
  mode: VerificationMode;
  limits: EngineLimits;
  pages: PageImage[];
  /** Total pages in the file (pages may hold fewer in standard mode). */
  pageCount: number;
  /** EXIF/XMP/IPTC of images, or the PDF Info dictionary and XMP of PDFs, as parsed key/values. */
  metadata: Record<string, unknown>;
  docType: DocType;
  isCredential: boolean;
  /** Key fields read by the read stage (see fields.ts for the names per document type). */
  fields: Record<string, FieldValue>;
  /** All text of all analysed pages, in reading order, one string per page. */
  fullText: string[];
}

export interface Check {
  /** Prefix of the `check` ids this check emits, e.g. "pdf", "pixel", "mrz". */
  name: string;
  /** Whether this check has anything to look at in this document. */
  applies(ctx: DocumentContext): boolean;
  run(ctx: DocumentContext, log: (message: string) => void): Promise<Finding[]>;
}
