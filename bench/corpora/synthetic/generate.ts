// makeDocument: one synthetic document (genuine, tampered or not a credential) in any format
// and look, reproducible from its seed.
import type { TextItem } from "@/lib/forensics/context";
import { CREDENTIAL_TYPES, TAMPERS, tampersFor, type CredentialType, type DocFormat } from "./catalog";
import { buildCertificate } from "./documents/certificate";
import type { DocumentBuilder } from "./documents/common";
import { buildDiploma } from "./documents/diploma";
import { buildIdCard, buildPassport } from "./documents/identity";
import { buildPayslip } from "./documents/payslip";
import { buildStatement } from "./documents/statement";
import { buildTranscript } from "./documents/transcript";
import { fraction, regionOfField, visibleEdit, visibleText } from "./ground-truth";
import { captureTime, editorImageMeta, genuineImageMeta, inconsistentDateMeta } from "./image-metadata";
import { makeNonCredential } from "./noncredential-document";
import { benignUpdate, encodePages, resendThroughMessenger } from "./render/deliver";
import { CONTENT_TYPES, type EncodeOptions } from "./render/encode";
import { applyLook } from "./render/looks";
import { layoutToPdf } from "./render/pdf";
import { renderPage, type Raster } from "./render/raster";
import { createRng, hashSeed } from "./rng";
import { ISSUER_PDF_SOFTWARE, issueTime, issuerPdfInfo } from "./software";
import { pdfTamper, pixelTamper } from "./tamper/apply";
import { placeText, retype } from "./tamper/pixel";
import { signedPdf } from "./tamper/signature";
import { pickTarget, regionOf, type Target } from "./tamper/targets";
import type { DocumentSpec, SyntheticDocument, TamperInfo } from "./synthetic-document";

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
      throw new Error(
        `tamper ${spec.tamper} does not apply to ${docType} as ${format} (${look}); options: ${tampersFor(docType, format, look).join(", ")}`,
      );
    }
  }
  const tamperSpec = spec.tamper ? TAMPERS[spec.tamper] : undefined;
  const built = await BUILDERS[docType](rng.fork("content"), {
    ...(tamperSpec?.content ? { tamper: tamperSpec.content } : {}),
    firstPageOnly: SINGLE_IMAGE_FORMATS.has(format),
  });
  if (rng.fork("pdf-fonts").chance(0.3)) built.layout.pdfFonts = "standard";
  const issued = (built.fields.issue_date ?? built.fields.graduation_date ?? "2024-06-01") as string;
  const created = issueTime(rng, issued > "2026-10-31" ? "2026-10-31" : issued);
  const info = issuerPdfInfo(rng, created, ISSUER_PDF_SOFTWARE, titleOf(docType));

  const base = {
    id: `${docType}-${format}-${look}-${spec.tamper ?? "genuine"}-${seed}`,
    seed,
    docType,
    format,
    look,
    codePayload: built.codePayload,
  };
  const contentTamper: TamperInfo | undefined =
    spec.tamper && tamperSpec?.content
      ? {
          kind: spec.tamper,
          check: tamperSpec.check,
          description: tamperSpec.description,
          ...(built.tamperedField ? { field: built.tamperedField } : {}),
          ...regionOfField(built, built.tamperedField),
        }
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
      const institution =
        typeof built.fields.institution === "string"
          ? built.fields.institution
          : typeof built.fields.employer === "string"
            ? built.fields.employer
            : "Issuing Authority";
      bytes = rng.chance(0.15)
        ? await signedPdf(rng, built.layout, info, institution)
        : await layoutToPdf(built.layout, info, { objectStreams: rng.chance(0.3) });
      // Issuing systems sometimes post-process their own file (stamp the Info dictionary, add an
      // invisible link or form field) in an incremental update seconds later: benign, nothing visible changes.
      const delivery = rng.fork("delivery");
      if (delivery.chance(0.12) && !Buffer.from(bytes).toString("latin1").includes("/ByteRange"))
        bytes = await benignUpdate(delivery, bytes, info);
    }
    return {
      ...base,
      bytes,
      contentType: CONTENT_TYPES.pdf,
      label: spec.tamper && !TAMPERS[spec.tamper].genuine ? "tampered" : "genuine",
      ...(tamper ? { tamper } : {}),
      fields: built.fields,
      pageCount: built.layout.pages.length,
      text: built.layout.pages.map((_, i) =>
        visibleText(built, i, visibleEdit(spec.tamper, pdfTarget), (x, y) => [x, y], 1, built.layout),
      ),
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
  const target =
    spec.tamper && !tamperSpec?.content ? pickTarget(rng.fork("target"), built.layout, docType) : undefined;
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
      tamper = {
        kind: spec.tamper,
        check: TAMPERS[spec.tamper].check,
        description: TAMPERS[spec.tamper].description,
        ...(result.field ? { field: result.field } : {}),
        region: { page: i + 1, ...fraction(result.box, page) },
        ...(result.source ? { sourceRegion: { page: i + 1, ...fraction(result.source, page) } } : {}),
      };
    } else if (spec.tamper && target && target.page === i) {
      // Metadata forgeries still carry the visible edit that made the forger open an editor.
      if (spec.tamper === "metadata.editor_software" || pixelRng.chance(0.5)) {
        const placed = placeText(target.element, target.replacement, map, pxPerPt);
        page = retype(pixelRng, page, placed, target.replacement, { matchNoise: true });
        edited = target;
      }
      tamper = {
        kind: spec.tamper,
        check: "metadata",
        description: TAMPERS[spec.tamper].description,
        ...(target.element.field ? { field: target.element.field } : {}),
      };
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
  const orientation =
    format === "jpeg" && look === "phone"
      ? rng.fork("orientation").pick([undefined, undefined, 6, 6, 8, 3] as const)
      : undefined;
  let bytes = await encodePages(
    rng,
    format,
    look,
    pages,
    { ...meta, dpi: look === "phone" ? 72 : dpi, ...(orientation ? { orientation } : {}) },
    built.layout,
  );
  // Phone photos often reach us through a messaging app: downscaled, recompressed, metadata stripped.
  const delivery = rng.fork("delivery");
  let pixels = { width: (pages[0] as Raster).width, height: (pages[0] as Raster).height };
  // (Not for metadata forgeries: a messenger would strip the very evidence they are about.)
  if (format === "jpeg" && look === "phone" && delivery.chance(0.3) && tamperSpec?.check !== "metadata") {
    const resent = await resendThroughMessenger(delivery, bytes);
    bytes = resent.bytes;
    pixels = { width: resent.width, height: resent.height };
  }
  return {
    ...base,
    bytes,
    contentType: CONTENT_TYPES[format === "pdf-scan" ? "pdf" : format],
    label: spec.tamper && !TAMPERS[spec.tamper].genuine ? "tampered" : "genuine",
    ...(tamper ? { tamper } : {}),
    fields: built.fields,
    pageCount: pages.length,
    text,
    pixels,
    a4At300dpi: isA4 && dpi === 300 && look !== "phone",
  };
}

function titleOf(docType: CredentialType): string {
  return {
    diploma: "Diploma",
    transcript: "Academic Transcript",
    certificate: "Certificate",
    id_card: "Identity Card",
    passport: "Passport",
    payslip: "Payslip",
    bank_statement: "Account Statement",
  }[docType];
}
