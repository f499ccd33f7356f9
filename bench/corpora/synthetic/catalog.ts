// What the generator can make: document types, formats, looks, and every tamper with the check
// that should catch it and the documents and formats it applies to.
import type { DocType } from "@/lib/forensics/types";
import type { ContentTamper } from "./documents/common";
import type { ImageFormat } from "./render/encode";
import type { Look } from "./render/looks";

// Utility bills and employment letters are not generated (the genuine-document corpus covers them).
export type CredentialType = Exclude<DocType, "other" | "utility_bill" | "employment_letter">;
export const CREDENTIAL_TYPES: readonly CredentialType[] = [
  "diploma",
  "transcript",
  "certificate",
  "id_card",
  "passport",
  "payslip",
  "bank_statement",
];

/** "pdf" is digital-born with a text layer; "pdf-scan" holds only page images. */
export type DocFormat = "pdf" | "pdf-scan" | ImageFormat;
export const FORMATS: readonly DocFormat[] = ["pdf", "pdf-scan", "jpeg", "png", "webp", "tiff", "avif", "heic"];

export type NonCredentialKind = "selfie" | "landscape" | "blank" | "screenshot" | "meme";
export const NON_CREDENTIAL_KINDS: readonly NonCredentialKind[] = [
  "selfie",
  "landscape",
  "blank",
  "screenshot",
  "meme",
];

/** Check families, matching the `name` of each Check in lib/forensics/checks. */
export type CheckName = "pdf" | "metadata" | "pixel" | "mrz" | "codes" | "content";

export type TamperKind =
  | "pdf.incremental_edit"
  | "pdf.editor_resave"
  | "pdf.overlay_box"
  | "pdf.late_font"
  | "pdf.broken_signature"
  | "metadata.editor_software"
  | "metadata.date_inconsistent"
  | "pixel.splice"
  | "pixel.retype"
  | "pixel.copy_move"
  | "pixel.noise_region"
  | "mrz.check_digit"
  | "mrz.field_mismatch"
  | "mrz.expired"
  | "codes.payload_mismatch"
  | "content.sum_mismatch"
  | "content.balance_break"
  | "content.date_order";

export interface TamperSpec {
  check: CheckName;
  docTypes: readonly CredentialType[];
  formats: readonly DocFormat[];
  /** Looks it makes sense on (pixel edits of a clean digital render are still edits). */
  looks: readonly Look[];
  /** Content tampers change what is printed and are rendered like any genuine document. */
  content?: ContentTamper;
  description: string;
  /**
   * A variant of a genuine document rather than a forgery (an expired passport): the issuer made
   * it as it is, so the engine must report it as genuine and say what the variant is.
   */
  genuine?: true;
}

const ALL_LOOKS: readonly Look[] = ["clean", "scanned", "phone"];
const RASTER: readonly DocFormat[] = ["jpeg", "png", "webp", "tiff", "avif", "heic", "pdf-scan"];
const ALL_FORMATS = FORMATS;
const IDENTITY: readonly CredentialType[] = ["id_card", "passport"];

export const TAMPERS: Record<TamperKind, TamperSpec> = {
  "pdf.incremental_edit": {
    check: "pdf",
    docTypes: CREDENTIAL_TYPES,
    formats: ["pdf"],
    looks: ["clean"],
    description: "visible text changed in an incremental update appended by a PDF editor",
  },
  "pdf.editor_resave": {
    check: "pdf",
    docTypes: CREDENTIAL_TYPES,
    formats: ["pdf"],
    looks: ["clean"],
    description: "file rewritten by an online PDF editor after a text edit, modified long after creation",
  },
  "pdf.overlay_box": {
    check: "pdf",
    docTypes: CREDENTIAL_TYPES,
    formats: ["pdf"],
    looks: ["clean"],
    description: "white box drawn over original text, new text on top",
  },
  "pdf.late_font": {
    check: "pdf",
    docTypes: CREDENTIAL_TYPES,
    formats: ["pdf"],
    looks: ["clean"],
    description: "edited value set in a font the original document never used, added in a later revision",
  },
  "pdf.broken_signature": {
    check: "pdf",
    docTypes: CREDENTIAL_TYPES,
    formats: ["pdf"],
    looks: ["clean"],
    description: "signed PDF whose signed bytes were altered afterwards",
  },
  "metadata.editor_software": {
    check: "metadata",
    docTypes: CREDENTIAL_TYPES,
    formats: ["jpeg", "png", "webp", "tiff"],
    looks: ALL_LOOKS,
    description: "image saved by Photoshop/GIMP after an edit (EXIF Software, XMP CreatorTool and history)",
  },
  "metadata.date_inconsistent": {
    check: "metadata",
    docTypes: CREDENTIAL_TYPES,
    formats: ["jpeg", "webp", "png", "tiff"],
    looks: ["phone", "scanned"],
    description: "EXIF dates out of order: modified before taken, or taken in the future",
  },
  "pixel.splice": {
    check: "pixel",
    docTypes: CREDENTIAL_TYPES,
    formats: ["jpeg", "pdf-scan", "webp", "png"],
    looks: ALL_LOOKS,
    description: "a field pasted from another JPEG compressed at another quality, whole image saved again",
  },
  "pixel.retype": {
    check: "pixel",
    docTypes: CREDENTIAL_TYPES,
    formats: RASTER,
    looks: ALL_LOOKS,
    description: "a field painted over and retyped in a slightly different font, size and colour",
  },
  "pixel.copy_move": {
    check: "pixel",
    docTypes: CREDENTIAL_TYPES,
    formats: ["jpeg", "png", "pdf-scan", "webp"],
    looks: ALL_LOOKS,
    description: "digits or the stamp copied from elsewhere in the same image",
  },
  "pixel.noise_region": {
    check: "pixel",
    docTypes: CREDENTIAL_TYPES,
    formats: ["jpeg", "png", "pdf-scan", "tiff"],
    looks: ["scanned", "phone"],
    description: "a clean digital patch pasted into a noisy photo or scan",
  },
  "mrz.check_digit": {
    check: "mrz",
    docTypes: IDENTITY,
    formats: ALL_FORMATS,
    looks: ALL_LOOKS,
    content: "mrz_check_digit",
    description: "document number changed, MRZ check digit not recomputed",
  },
  "mrz.field_mismatch": {
    check: "mrz",
    docTypes: IDENTITY,
    formats: ALL_FORMATS,
    looks: ALL_LOOKS,
    content: "mrz_field_mismatch",
    description: "printed name or birth date disagrees with the MRZ",
  },
  "mrz.expired": {
    check: "mrz",
    docTypes: IDENTITY,
    formats: ALL_FORMATS,
    looks: ALL_LOOKS,
    content: "expired",
    description: "identity document past its expiry date (genuine: expiry is no forgery)",
    genuine: true,
  },
  "codes.payload_mismatch": {
    check: "codes",
    docTypes: ["diploma", "certificate", "id_card", "payslip"],
    formats: ALL_FORMATS,
    looks: ["clean", "scanned"],
    content: "code_mismatch",
    description: "QR/PDF417 payload disagrees with the printed text",
  },
  "content.sum_mismatch": {
    check: "content",
    docTypes: ["payslip", "transcript"],
    formats: ALL_FORMATS,
    looks: ALL_LOOKS,
    content: "sum_mismatch",
    description: "totals that do not add up (gross − deductions ≠ net, credits or GPA)",
  },
  "content.balance_break": {
    check: "content",
    docTypes: ["bank_statement"],
    formats: ALL_FORMATS,
    looks: ALL_LOOKS,
    content: "balance_break",
    description: "running balance that breaks on a statement",
  },
  "content.date_order": {
    check: "content",
    docTypes: ["diploma", "transcript", "certificate", "id_card", "passport"],
    formats: ALL_FORMATS,
    looks: ALL_LOOKS,
    content: "date_order",
    description: "dates in impossible order (graduation before birth, issue after expiry)",
  },
};

export const TAMPER_KINDS = Object.keys(TAMPERS) as TamperKind[];

export function tampersFor(docType: CredentialType, format: DocFormat, look: Look): TamperKind[] {
  return TAMPER_KINDS.filter((k) => {
    const t = TAMPERS[k];
    return t.docTypes.includes(docType) && t.formats.includes(format) && t.looks.includes(look);
  });
}
