// makeDocument: one synthetic document (genuine, tampered or not a credential) in any format
// and look, reproducible from its seed.
import type { TextItem } from "../context";
import type { DocType, FieldValue, Region } from "../types";
import {
  CREDENTIAL_TYPES,
  TAMPERS,
  tampersFor,
  type CheckName,
  type CredentialType,
  type DocFormat,
  type NonCredentialKind,
  type TamperKind,
} from "./catalog";
import { buildCertificate } from "./documents/certificate";
import type { BuiltDocument, DocumentBuilder } from "./documents/common";
import { buildDiploma } from "./documents/diploma";
import { buildIdCard, buildPassport } from "./documents/identity";
import { buildPayslip } from "./documents/payslip";
import { buildStatement } from "./documents/statement";
import { buildTranscript } from "./documents/transcript";
import { captureTime, editorImageMeta, genuineImageMeta, inconsistentDateMeta } from "./image-metadata";
import type { TextElement } from "./layout";
import { renderNonCredential } from "./noncredential";
import { CONTENT_TYPES, encodeRaster, encodeTiff, type EncodeOptions } from "./render/encode";
import { applyLook, type Look, type PointMap } from "./render/looks";
import { PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { appendIncrementalUpdate } from "./render/incremental";
import { imagesToPdf, layoutToPdf, type PdfInfo } from "./render/pdf";
import { renderPage, type Raster } from "./render/raster";
import { createRng, hashSeed, type Rng } from "./rng";
import { ISSUER_PDF_SOFTWARE, SCANNER_PDF_SOFTWARE, issueTime, issuerPdfInfo } from "./software";
import { editorResave, incrementalEdit, lateFontEdit, overlayBox } from "./tamper/pdf";
import { copyBlock, copyMoveGlyph, denoiseRegion, placeText, retype, splice } from "./tamper/pixel";
import { pickTarget, regionOf, textBox, type Target } from "./tamper/targets";
import { brokenSignature, signedPdf } from "./tamper/signature";

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

const BUILDERS: Record<CredentialType, DocumentBuilder> = {
  diploma: buildDiploma,
  transcript: buildTranscript,
  certificate: buildCertificate,
  id_card: buildIdCard,
  passport: buildPassport,
  payslip: buildPayslip,
  bank_statement: buildStatement,
};

const SINGLE_IMAGE_FORMATS = new Set<DocFormat>(["jpeg", "png", "webp", "avif", "heic"]);

export async function makeDocument(spec: DocumentSpec): Promise<SyntheticDocument> {
  const seed = String(spec.seed);
  const rng = createRng(hashSeed("credence-synthetic", seed));
  if (spec.nonCredential) return makeNonCredential(rng, seed, spec);
  const docType = spec.docType ?? rng.pick(CREDENTIAL_TYPES);
  const format = spec.format ?? "pdf";
  const look = format === "pdf" ? "clean" : (spec.look ?? "clean");
  if (spec.tamper) {
    const t = TAMPERS[spec.tamper];
    if (!t.docTypes.includes(docType) || !t.formats.includes(format) || !t.looks.includes(look)) {
      throw new Error(`tamper ${spec.tamper} does not apply to ${docType} as ${format} (${look}); options: ${tampersFor(docType, format, look).join(", ")}`);
    }
  }
  const tamperSpec = spec.tamper ? TAMPERS[spec.tamper] : undefined;
  const built = await BUILDERS[docType](rng.fork("content"), tamperSpec?.content ? { tamper: tamperSpec.content } : {});
  if (rng.fork("pdf-fonts").chance(0.3)) built.layout.pdfFonts = "standard";
  const issued = (built.fields.issue_date ?? built.fields.graduation_date ?? "2024-06-01") as string;
  const created = issueTime(rng, issued > "2026-10-31" ? "2026-10-31" : issued);
  const info = issuerPdfInfo(rng, created, ISSUER_PDF_SOFTWARE, titleOf(docType));

  const base = { id: `${docType}-${format}-${look}-${spec.tamper ?? "genuine"}-${seed}`, seed, docType, format, look, codePayload: built.codePayload };
  const contentTamper: TamperInfo | undefined =
    spec.tamper && tamperSpec?.content
      ? { kind: spec.tamper, check: tamperSpec.check, description: tamperSpec.description, ...(built.tamperedField ? { field: built.tamperedField } : {}), ...regionOfField(built, built.tamperedField) }
      : undefined;

  if (format === "pdf") {
    let bytes: Uint8Array;
    let tamper = contentTamper;
    let pdfTarget: Target | undefined;
    if (spec.tamper && !tamperSpec?.content) {
      const target = pickTarget(rng.fork("target"), built.layout, docType);
      pdfTarget = target;
      const trng = rng.fork("pdf-tamper");
      bytes = await pdfTamper(spec.tamper, trng, built, info, target);
      tamper = {
        kind: spec.tamper,
        check: TAMPERS[spec.tamper].check,
        description: TAMPERS[spec.tamper].description,
        ...(target.element.field ? { field: target.element.field } : {}),
        region: { page: target.page + 1, ...regionOf(built.layout, target.element, target.replacement) },
      };
    } else {
      // Some issuers sign their PDFs; a valid signature must not count against a document.
      const institution = typeof built.fields.institution === "string" ? built.fields.institution : typeof built.fields.employer === "string" ? built.fields.employer : "Issuing Authority";
      bytes = rng.chance(0.15) ? await signedPdf(rng, built.layout, info, institution) : await layoutToPdf(built.layout, info, { objectStreams: rng.chance(0.3) });
      // Issuing systems sometimes post-process their own file (stamp the Info dictionary, add an
      // invisible link or form field) in an incremental update seconds later: benign, nothing visible changes.
      const delivery = rng.fork("delivery");
      if (delivery.chance(0.12) && !Buffer.from(bytes).toString("latin1").includes("/ByteRange")) bytes = await benignUpdate(delivery, bytes, info);
    }
    return {
      ...base,
      bytes,
      contentType: CONTENT_TYPES.pdf,
      label: spec.tamper ? "tampered" : "genuine",
      ...(tamper ? { tamper } : {}),
      fields: built.fields,
      pageCount: built.layout.pages.length,
      text: built.layout.pages.map((_, i) => visibleText(built, i, visibleEdit(spec.tamper, pdfTarget), (x, y) => [x, y], 1, built.layout)),
      pixels: null,
      a4At300dpi: false,
    };
  }

  // Image formats: render, apply the look, then edit the final image the way a forger would.
  const pageIndices = SINGLE_IMAGE_FORMATS.has(format) ? [0] : built.layout.pages.map((_, i) => i);
  const isA4 = Math.abs(built.layout.width - 595.28) < 1 || Math.abs(built.layout.height - 595.28) < 1;
  const dpi = look === "clean" && isA4 ? 300 : look === "scanned" ? (isA4 ? 300 : 600) : built.dpi;
  const pxPerPt = dpi / 72;
  const lookRng = rng.fork("look");
  const pixelRng = rng.fork("pixel-tamper");
  const target = spec.tamper && !tamperSpec?.content ? pickTarget(rng.fork("target"), built.layout, docType) : undefined;
  const pages: Raster[] = [];
  const text: TextItem[][] = [];
  let tamper = contentTamper;
  let edited: Target | undefined;
  for (const i of pageIndices) {
    const rendered = await renderPage(built.layout, i, dpi);
    const { raster, map } = await applyLook(lookRng, look, rendered);
    let page = raster;
    const textOfPage = () => visibleText(built, i, edited, map, pxPerPt, { width: page.width, height: page.height });
    if (spec.tamper && target && target.page === i && TAMPERS[spec.tamper].check !== "metadata") {
      const result = await pixelTamper(spec.tamper, pixelRng, page, target, map, pxPerPt, built);
      page = result.raster;
      edited = result.retyped ? target : undefined;
      tamper = { kind: spec.tamper, check: TAMPERS[spec.tamper].check, description: TAMPERS[spec.tamper].description, ...(result.field ? { field: result.field } : {}), region: { page: i + 1, ...fraction(result.box, page) }, ...(result.source ? { sourceRegion: { page: i + 1, ...fraction(result.source, page) } } : {}) };
    } else if (spec.tamper && target && target.page === i) {
      // Metadata forgeries still carry the visible edit that made the forger open an editor.
      if (spec.tamper === "metadata.editor_software" || pixelRng.chance(0.5)) {
        const placed = placeText(target.element, target.replacement, map, pxPerPt);
        page = retype(pixelRng, page, placed, target.replacement, { matchNoise: true });
        edited = target;
      }
      tamper = { kind: spec.tamper, check: "metadata", description: TAMPERS[spec.tamper].description, ...(target.element.field ? { field: target.element.field } : {}) };
    }
    pages.push(page);
    text.push(textOfPage());
  }
  const taken = captureTime(rng, issued);
  const meta: EncodeOptions =
    spec.tamper === "metadata.editor_software"
      ? editorImageMeta(rng, look, taken)
      : spec.tamper === "metadata.date_inconsistent"
        ? inconsistentDateMeta(rng, look, taken)
        : genuineImageMeta(rng, look, taken);
  // Phones store pixels as the sensor saw them and tag how to turn them upright.
  const orientation = format === "jpeg" && look === "phone" ? rng.fork("orientation").pick([undefined, undefined, 6, 6, 8, 3] as const) : undefined;
  let bytes = await encodePages(rng, format, look, pages, { ...meta, dpi: look === "phone" ? 72 : dpi, ...(orientation ? { orientation } : {}) }, built.layout);
  // Phone photos often reach us through a messaging app: downscaled, recompressed, metadata stripped.
  const delivery = rng.fork("delivery");
  let pixels = { width: (pages[0] as Raster).width, height: (pages[0] as Raster).height };
  if (format === "jpeg" && look === "phone" && delivery.chance(0.3)) {
    bytes = await resendThroughMessenger(delivery, bytes);
    const resized = await sharp(bytes).metadata();
    pixels = { width: resized.width, height: resized.height };
  }
  return {
    ...base,
    bytes,
    contentType: CONTENT_TYPES[format === "pdf-scan" ? "pdf" : format],
    label: spec.tamper ? "tampered" : "genuine",
    ...(tamper ? { tamper } : {}),
    fields: built.fields,
    pageCount: pages.length,
    text,
    pixels,
    a4At300dpi: isA4 && dpi === 300 && look !== "phone",
  };
}

async function resendThroughMessenger(rng: Rng, jpeg: Uint8Array): Promise<Uint8Array> {
  const out = await sharp(jpeg).rotate().resize(1600, 1600, { fit: "inside" }).jpeg({ quality: rng.int(70, 82) }).toBuffer();
  return new Uint8Array(out);
}

async function benignUpdate(rng: Rng, pdf: Uint8Array, info: PdfInfo): Promise<Uint8Array> {
  return appendIncrementalUpdate(pdf, async (doc) => {
    doc.setModificationDate(new Date(info.creationDate.getTime() + rng.int(2, 300) * 1000));
    if (rng.chance(0.5)) {
      const page = doc.getPage(0);
      const { width, height } = page.getSize();
      const link = doc.context.obj({ Type: "Annot", Subtype: "Link", Rect: [width - 120, 10, width - 10, 30], Border: [0, 0, 0], A: { S: "URI", URI: PDFString.of("https://verify.example.org/") } });
      page.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link)]));
    }
  });
}

async function encodePages(rng: Rng, format: DocFormat, look: Look, pages: Raster[], meta: EncodeOptions, layout: { width: number; height: number }): Promise<Uint8Array> {
  const first = pages[0] as Raster;
  switch (format) {
    case "tiff":
      return encodeTiff(pages, { ...meta, quality: look === "clean" ? 100 : rng.int(80, 95) });
    case "pdf-scan": {
      const jpegs = await Promise.all(pages.map((p) => encodeRaster(p, "jpeg", { quality: rng.int(70, 92) })));
      const [producer, creator] = rng.pick(SCANNER_PDF_SOFTWARE);
      const when = new Date(Date.parse("2025-01-01T00:00:00Z") + rng.int(0, 600) * 86_400_000);
      return imagesToPdf(jpegs, layout, { producer, creator, creationDate: when, modDate: when });
    }
    case "jpeg":
      return encodeRaster(first, "jpeg", { ...meta, quality: look === "phone" ? rng.int(82, 94) : rng.int(80, 96), chroma: look === "clean" && rng.chance(0.4) ? "4:4:4" : "4:2:0" });
    case "png":
    case "webp":
    case "avif":
    case "heic":
      return encodeRaster(first, format, { ...meta, quality: rng.int(70, 92) });
    case "pdf":
      throw new Error("digital PDFs are not encoded from rasters");
  }
}

async function pdfTamper(kind: TamperKind, rng: Rng, built: BuiltDocument, info: ReturnType<typeof issuerPdfInfo>, target: Target): Promise<Uint8Array> {
  switch (kind) {
    case "pdf.incremental_edit":
      return incrementalEdit(rng, built.layout, info, target);
    case "pdf.late_font":
      return lateFontEdit(rng, built.layout, info, target);
    case "pdf.editor_resave":
      return editorResave(rng, built.layout, info, target);
    case "pdf.overlay_box":
      return overlayBox(rng, built.layout, info, target);
    case "pdf.broken_signature":
      return brokenSignature(rng, built.layout, info, target);
    default:
      throw new Error(`${kind} is not a PDF tamper`);
  }
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function pixelTamper(
  kind: TamperKind,
  rng: Rng,
  page: Raster,
  target: Target,
  map: PointMap,
  pxPerPt: number,
  built: BuiltDocument,
): Promise<{ raster: Raster; box: Box; source?: Box; field?: string; retyped: boolean }> {
  const placed = placeText(target.element, target.replacement, map, pxPerPt);
  const field = target.element.field;
  switch (kind) {
    case "pixel.retype":
      return { raster: retype(rng, page, placed, target.replacement, { matchNoise: rng.chance(0.7) }), box: placed.box, retyped: true, ...(field ? { field } : {}) };
    case "pixel.splice":
      return { raster: await splice(rng, page, placed, target.replacement), box: placed.box, retyped: true, ...(field ? { field } : {}) };
    case "pixel.noise_region": {
      const clean = retype(rng, page, placed, target.replacement, { matchNoise: false });
      const grown = { x: placed.box.x - 6, y: placed.box.y - 6, width: placed.box.width + 12, height: placed.box.height + 12 };
      return { raster: rng.chance(0.5) ? clean : denoiseRegion(clean, grown, 2.5), box: grown, retyped: true, ...(field ? { field } : {}) };
    }
    case "pixel.copy_move": {
      const seal = built.layout.pages[target.page]?.elements.find((e) => e.kind === "image" && (e.tag === "seal" || e.tag === "photo"));
      if (seal && seal.kind === "image" && rng.chance(0.4)) {
        // The stamp (or photo) cloned to a second place, as when a stamp is added to a page that lacked one.
        const [sx, sy] = map(seal.x * pxPerPt, seal.y * pxPerPt);
        const w = Math.round(seal.width * pxPerPt);
        const h = Math.round(seal.height * pxPerPt);
        const dx = Math.round(Math.min(page.width - w - 10, Math.max(10, sx + (rng.chance(0.5) ? 1.3 : -1.3) * w)));
        const dy = Math.round(Math.min(page.height - h - 10, Math.max(10, sy + rng.float(-0.3, 0.3) * h)));
        return { raster: copyBlock(page, Math.round(sx), Math.round(sy), dx, dy, w, h), box: { x: dx, y: dy, width: w, height: h }, source: { x: Math.round(sx), y: Math.round(sy), width: w, height: h }, retyped: false };
      }
      const el = digitElement(built, target);
      const moved = copyMoveGlyph(rng, page, el, map, pxPerPt);
      // Cloned glyphs change the value in ways the ground-truth text does not follow; tests use the region.
      if (moved) return { ...moved, retyped: false, ...(el.field ? { field: el.field } : {}) };
      return { raster: retype(rng, page, placed, target.replacement, { matchNoise: true }), box: placed.box, retyped: true, ...(field ? { field } : {}) };
    }
    default:
      throw new Error(`${kind} is not a pixel tamper`);
  }
}

/** A text with at least two different digits on the target's page (amounts and dates are what get cloned). */
function digitElement(built: BuiltDocument, target: Target): TextElement {
  const elements = built.layout.pages[target.page]?.elements ?? [];
  const withDigits = elements.filter((e): e is TextElement => e.kind === "text" && new Set(e.text.replace(/\D/g, "")).size >= 2);
  return withDigits.find((e) => e === target.element) ?? withDigits.find((e) => e.field) ?? withDigits[0] ?? target.element;
}

/** Tampers whose edit shows the replacement text on the page. */
function visibleEdit(kind: TamperKind | undefined, target: Target | undefined): Target | undefined {
  return kind && target && kind.startsWith("pdf.") ? target : undefined;
}

/** What a perfect reader would see on one page: each text run with its box in output page fractions. */
function visibleText(built: BuiltDocument, pageIndex: number, edited: Target | undefined, map: PointMap, pxPerPt: number, size: { width: number; height: number }): TextItem[] {
  const source = pxPerPt === 1 ? "pdf" : "ocr";
  const items: TextItem[] = [];
  for (const el of built.layout.pages[pageIndex]?.elements ?? []) {
    if (el.kind !== "text") continue;
    const value = edited && edited.page === pageIndex && edited.element === el ? edited.replacement : el.text;
    const box = textBox(el, value);
    const corners = [map(box.x * pxPerPt, box.y * pxPerPt), map((box.x + box.width) * pxPerPt, (box.y + box.height) * pxPerPt), map(box.x * pxPerPt, (box.y + box.height) * pxPerPt), map((box.x + box.width) * pxPerPt, box.y * pxPerPt)];
    const xs = corners.map((c) => c[0] / size.width);
    const ys = corners.map((c) => c[1] / size.height);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    items.push({ text: value, x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y, source, confidence: 100, ...(source === "pdf" ? { font: el.font } : {}) });
  }
  return items;
}

function fraction(box: { x: number; y: number; width: number; height: number }, page: Raster): Region {
  const x = Math.max(0, box.x) / page.width;
  const y = Math.max(0, box.y) / page.height;
  return { x, y, width: Math.min(1 - x, box.width / page.width), height: Math.min(1 - y, box.height / page.height) };
}

function regionOfField(built: BuiltDocument, field: string | undefined): { region?: Region & { page: number } } {
  if (!field) return {};
  for (const [page, p] of built.layout.pages.entries()) {
    const el = p.elements.find((e): e is TextElement => e.kind === "text" && e.field === field);
    if (el) return { region: { page: page + 1, ...regionOf(built.layout, el, el.text) } };
  }
  return {};
}

function titleOf(docType: CredentialType): string {
  return { diploma: "Diploma", transcript: "Academic Transcript", certificate: "Certificate", id_card: "Identity Card", passport: "Passport", payslip: "Payslip", bank_statement: "Account Statement" }[docType];
}

async function makeNonCredential(rng: Rng, seed: string, spec: DocumentSpec): Promise<SyntheticDocument> {
  const kind = spec.nonCredential as NonCredentialKind;
  const format = spec.format ?? (kind === "screenshot" ? "png" : kind === "blank" ? "pdf-scan" : "jpeg");
  const raster = renderNonCredential(rng.fork(kind), kind);
  const look: Look = kind === "blank" ? "scanned" : kind === "selfie" || kind === "landscape" ? "phone" : "clean";
  const camera = kind === "selfie" || kind === "landscape" ? genuineImageMeta(rng, "phone", captureTime(rng, "2022-01-01")) : {};
  let bytes: Uint8Array;
  if (format === "pdf" || format === "pdf-scan") {
    const jpeg = await encodeRaster(raster, "jpeg", { quality: 88 });
    const pageSize = { width: raster.width * (72 / 150), height: raster.height * (72 / 150) };
    const when = new Date(Date.parse("2025-03-01T00:00:00Z") + rng.int(0, 500) * 86_400_000);
    const [producer, creator] = kind === "blank" ? rng.pick(SCANNER_PDF_SOFTWARE) : rng.pick([["macOS Version 14.2 (Build 23C64) Quartz PDFContext", "Preview"], ["Microsoft: Print To PDF", "Microsoft: Print To PDF"]] as const);
    bytes = await imagesToPdf([jpeg], pageSize, { producer, creator, creationDate: when, modDate: when });
  } else if (format === "tiff") {
    bytes = await encodeTiff([raster], { quality: 90, ...camera });
  } else {
    bytes = await encodeRaster(raster, format, { quality: rng.int(75, 92), ...camera });
  }
  return {
    id: `not_credential-${kind}-${format}-${seed}`,
    seed,
    bytes,
    contentType: CONTENT_TYPES[format === "pdf-scan" ? "pdf" : format],
    label: "not_credential",
    docType: "other",
    nonCredentialKind: kind,
    format,
    look,
    fields: {},
    pageCount: 1,
    text: [[]],
    pixels: { width: raster.width, height: raster.height },
    a4At300dpi: false,
  };
}
