// How files leave the issuer or the phone: page rasters encoded per format (scanner PDFs, TIFF,
// JPEG…), photos resent through a messaging app, and benign post-processing revisions of PDFs.
import { PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import type { DocFormat } from "../catalog";
import type { Rng } from "../rng";
import { SCANNER_PDF_SOFTWARE } from "../software";
import { encodeRaster, encodeTiff, type EncodeOptions } from "./encode";
import { appendIncrementalUpdate } from "./incremental";
import type { Look } from "./looks";
import { imagesToPdf } from "./pdf";
import type { Raster } from "./raster";
import type { PdfInfo } from "./pdf-xmp";

/** Upright, downscaled to 1600 px, recompressed, metadata stripped (what messaging apps send on). */
export async function resendThroughMessenger(
  rng: Rng,
  jpeg: Uint8Array,
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(jpeg)
    .rotate()
    .resize(1600, 1600, { fit: "inside" })
    .jpeg({ quality: rng.int(70, 82) })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), width: info.width, height: info.height };
}

export async function benignUpdate(rng: Rng, pdf: Uint8Array, info: PdfInfo): Promise<Uint8Array> {
  return appendIncrementalUpdate(pdf, async (doc) => {
    doc.setModificationDate(new Date(info.creationDate.getTime() + rng.int(2, 300) * 1000));
    if (rng.chance(0.5)) {
      const page = doc.getPage(0);
      const { width } = page.getSize();
      const link = doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [width - 120, 10, width - 10, 30],
        Border: [0, 0, 0],
        A: { S: "URI", URI: PDFString.of("https://verify.example.org/") },
      });
      page.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link)]));
    }
  });
}

export async function encodePages(
  rng: Rng,
  format: DocFormat,
  look: Look,
  pages: Raster[],
  meta: EncodeOptions,
  layout: { width: number; height: number },
): Promise<Uint8Array> {
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
      return encodeRaster(first, "jpeg", {
        ...meta,
        quality: look === "phone" ? rng.int(82, 94) : rng.int(80, 96),
        chroma: look === "clean" && rng.chance(0.4) ? "4:4:4" : "4:2:0",
      });
    case "png":
    case "webp":
    case "avif":
    case "heic":
      return encodeRaster(first, format, { ...meta, quality: rng.int(70, 92) });
    case "pdf":
      throw new Error("digital PDFs are not encoded from rasters");
  }
}
