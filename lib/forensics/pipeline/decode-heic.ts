// HEIC/HEIF: sharp has no HEVC decoder here, so heic-decode (libheif compiled to wasm) does it.
// libheif applies the container's rotation and mirror, the HEIF equivalent of EXIF orientation.
import decodeHeif from "heic-decode";
import type { PageImage } from "../context";
import { ForensicInputError } from "../types";
import type { DecodedDocument, StageEnv } from "./decoded";
import { assertPixels, estimateDpi, shortReason } from "./decode-image";
import { readImageMetadata } from "./image-metadata";
import { measureQuality } from "./quality";
import { rgbaToRgb } from "./raster";

export async function decodeHeic(bytes: Uint8Array, env: StageEnv): Promise<DecodedDocument> {
  let images: Awaited<ReturnType<typeof decodeHeif.all>>;
  try {
    images = await decodeHeif.all({ buffer: bytes });
  } catch (e) {
    throw new ForensicInputError("decode_failed", `The HEIC file could not be read (${shortReason(e)}).`);
  }
  try {
    const primary = images[0];
    assertPixels(primary.width, primary.height, env.limits.maxPixels, 1);
    env.log(`decoding HEIC (${primary.width}×${primary.height})`);
    let decoded: { width: number; height: number; data: Uint8ClampedArray };
    try {
      decoded = await env.deadline.race(primary.decode());
    } catch (e) {
      if (e instanceof ForensicInputError) throw e;
      throw new ForensicInputError("decode_failed", `The HEIC image could not be decoded (${shortReason(e)}).`);
    }
    const rgb = rgbaToRgb(decoded.data, decoded.width * decoded.height);
    const raster = { rgb, width: decoded.width, height: decoded.height };
    const quality = await measureQuality(raster, estimateDpi(raster.width, raster.height));
    const page: PageImage = { page: 1, ...raster, dpi: quality.dpi, source: "image", quality, text: [] };
    const metadata = await readImageMetadata(bytes, { format: "heic", width: primary.width, height: primary.height });
    // A HEIC holds one photo (plus thumbnails and bursts), never separate document pages.
    return { format: "heic", pageCount: 1, pages: [page], metadata };
  } finally {
    images.dispose();
  }
}
