// Non-credential files (selfies, landscapes, blank pages, screenshots, memes) as SyntheticDocuments.
import type { NonCredentialKind } from "./catalog";
import type { DocumentSpec, SyntheticDocument } from "./synthetic-document";
import { captureTime, genuineImageMeta } from "./image-metadata";
import { renderNonCredential } from "./noncredential";
import { CONTENT_TYPES, encodeRaster, encodeTiff } from "./render/encode";
import type { Look } from "./render/looks";
import { imagesToPdf } from "./render/pdf";
import type { Rng } from "./rng";
import { SCANNER_PDF_SOFTWARE } from "./software";

export async function makeNonCredential(rng: Rng, seed: string, spec: DocumentSpec): Promise<SyntheticDocument> {
  const kind = spec.nonCredential as NonCredentialKind;
  const format = spec.format ?? (kind === "screenshot" ? "png" : kind === "blank" ? "pdf-scan" : "jpeg");
  const raster = renderNonCredential(rng.fork(kind), kind);
  const look: Look = kind === "blank" ? "scanned" : kind === "selfie" || kind === "landscape" ? "phone" : "clean";
  const camera =
    kind === "selfie" || kind === "landscape" ? genuineImageMeta(rng, "phone", captureTime(rng, "2022-01-01")) : {};
  let bytes: Uint8Array;
  if (format === "pdf" || format === "pdf-scan") {
    const jpeg = await encodeRaster(raster, "jpeg", { quality: 88 });
    const pageSize = { width: raster.width * (72 / 150), height: raster.height * (72 / 150) };
    const when = new Date(Date.parse("2025-03-01T00:00:00Z") + rng.int(0, 500) * 86_400_000);
    const [producer, creator] =
      kind === "blank"
        ? rng.pick(SCANNER_PDF_SOFTWARE)
        : rng.pick([
            ["macOS Version 14.2 (Build 23C64) Quartz PDFContext", "Preview"],
            ["Microsoft: Print To PDF", "Microsoft: Print To PDF"],
          ] as const);
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
