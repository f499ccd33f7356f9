// What the generator produces and takes: a document with its ground truth, and the spec that makes it.
import type { TextItem } from "@/lib/forensics/context";
import type { DocType, FieldValue, Region } from "@/lib/forensics/types";
import type { CheckName, CredentialType, DocFormat, NonCredentialKind, TamperKind } from "./catalog";
import type { Look } from "./render/looks";

export type Label = "genuine" | "tampered" | "not_credential";

export interface TamperInfo {
  kind: TamperKind;
  check: CheckName;
  description: string;
  /** The printed field that was changed, when one was. */
  field?: string;
  /** Where the change is, in page fractions of the output (1-based page). */
  region?: Region & { page: number };
  /** Copy-move only: where the copied pixels came from. */
  sourceRegion?: Region & { page: number };
}

export interface SyntheticDocument {
  id: string;
  seed: string;
  bytes: Uint8Array;
  contentType: string;
  label: Label;
  docType: DocType;
  nonCredentialKind?: NonCredentialKind;
  format: DocFormat;
  look: Look;
  tamper?: TamperInfo;
  /** Ground truth of what the document prints (snake_case shared field names). */
  fields: Record<string, FieldValue>;
  /** Payload of the QR/PDF417 code printed on it, if any. */
  codePayload?: string;
  pageCount: number;
  /**
   * Ground truth of the visible text per output page: every text run with its box in page
   * fractions (after the look's geometry), as a perfect OCR would return it. Empty for non-credentials.
   */
  text: TextItem[][];
  /** Pixel size of the first page as displayed (after EXIF orientation) for image formats (digital PDFs: null). */
  pixels: { width: number; height: number } | null;
  /** True for A4 pages rendered at 300 dpi without a phone look (the benchmark's image timing class). */
  a4At300dpi: boolean;
}

export interface DocumentSpec {
  /** Anything that identifies the document; equal seeds give identical bytes. */
  seed: string | number;
  docType?: CredentialType;
  /** Makes a non-credential instead of a credential. */
  nonCredential?: NonCredentialKind;
  format?: DocFormat;
  look?: Look;
  tamper?: TamperKind;
}
