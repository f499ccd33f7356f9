// One page of an original document as a JPEG for people to look at (result page, report, badge):
// PDFs rendered by pdfjs, images decoded (orientation, HEIC, multi-page TIFF) by the engine's
// own decoder, so what people see is what the engine analysed.
import sharp from "sharp";
import { decodeDocument } from "../forensics/pipeline/decode";
import { Deadline } from "../forensics/pipeline/deadline";
import { DEFAULT_LIMITS } from "../forensics/pipeline/limits";
import { pdfjs, PDFJS_RESOURCES } from "../forensics/pipeline/pdfjs";
import { ForensicInputError } from "../forensics/types";

/** Longest side of a rendered page: sharp enough to read, small enough to send. */
export const PAGE_MAX_SIDE = 1600;
const PDF_DPI = 150;
const TIMEOUT_MS = 20_000;

export interface RenderedPage {
  jpeg: Buffer;
  width: number;
  height: number;
}

export async function renderPageJpeg(bytes: Uint8Array, contentType: string, page: number): Promise<RenderedPage> {
  const rgb =
    contentType === "application/pdf"
      ? await renderPdfPage(bytes, page)
      : await decodeImagePage(bytes, contentType, page);
  const { data, info } = await sharp(rgb.data, {
    raw: { width: rgb.width, height: rgb.height, channels: rgb.channels },
  })
    .resize({ width: PAGE_MAX_SIDE, height: PAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

async function decodeImagePage(bytes: Uint8Array, contentType: string, page: number): Promise<Pixels> {
  const deadline = new Deadline(TIMEOUT_MS);
  try {
    const decoded = await decodeDocument(bytes, contentType, {
      limits: { ...DEFAULT_LIMITS, standardPages: page },
      mode: "standard",
      deadline,
      log: () => undefined,
    });
    const found = decoded.pages.find((p) => p.page === page);
    if (!found) throw new ForensicInputError("decode_failed", `The document has no page ${page}.`);
    return { data: Buffer.from(found.rgb), width: found.width, height: found.height, channels: 3 };
  } finally {
    deadline.dispose();
  }
}

async function renderPdfPage(bytes: Uint8Array, n: number): Promise<Pixels> {
  const task = pdfjs.getDocument({
    // A copy as a plain Uint8Array: pdfjs refuses Buffers and detaches what it is given.
    data: new Uint8Array(bytes),
    ...PDFJS_RESOURCES,
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: DEFAULT_LIMITS.maxPixels,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    if (n > doc.numPages) throw new ForensicInputError("decode_failed", `The document has no page ${n}.`);
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(PDF_DPI / 72, PAGE_MAX_SIDE / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const factory = doc.canvasFactory as {
      create(
        w: number,
        h: number,
      ): {
        canvas: unknown;
        context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
      };
      destroy(c: unknown): void;
    };
    const target = factory.create(width, height);
    try {
      await page.render({
        canvas: target.canvas as HTMLCanvasElement,
        canvasContext: target.context as unknown as CanvasRenderingContext2D,
        viewport,
        background: "#ffffff",
      }).promise;
      const rgba = target.context.getImageData(0, 0, width, height).data;
      return { data: Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height, channels: 4 };
    } finally {
      factory.destroy(target);
      page.cleanup();
    }
  } finally {
    void task.destroy();
  }
}
