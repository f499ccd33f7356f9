// PDFs through pdfjs: page count and encryption are known before anything is rendered; each
// analysed page is rendered to RGB and keeps its text layer. A page with a real text layer is
// digital-born ("pdf-text"); one without is a scan ("pdf-scan") and will be OCRed. A scan that is
// one JPEG filling the page is that JPEG as stored, not a rendering of it (see pdf-scan-image.ts).
import type { EmbeddedJpeg, PageImage } from "../context";
import { ForensicInputError } from "../types";
import { shortReason } from "./decode-image";
import type { DecodedDocument, StageEnv } from "./decoded";
import { pagesToAnalyse } from "./decoded";
import { pdfMetadata } from "./pdf-metadata";
import { assertPdfStreamBudget } from "./pdf-stream-budget";
import { lazyPdfLib, placedJpeg } from "./pdf-scan-image";
import { textItemsOf, resolveFontNames } from "./pdf-text";
import { pdfjs, PDFJS_RESOURCES } from "./pdfjs";
import { measureQuality } from "./quality";
import { rgbaToRgb } from "./raster";

/** Fewer visible characters than this and the page is treated as an image of text. */
const MIN_TEXT_LAYER_CHARS = 20;
/** Render resolutions: text pages need less (their text comes from the layer), scans need OCR-grade. */
const DPI = { text: { standard: 150, deep: 300 }, scan: { standard: 200, deep: 300 } };
/**
 * Ceiling on one render, independent of maxPixels: a page sized like a poster (or a phone photo
 * placed at 72 dpi) is not rendered at 200 dpi. Standard mode stays near A4 at 300 dpi (8.7 MP).
 */
const MAX_RENDER_PIXELS = { standard: 9_000_000, deep: 40_000_000 };
/** All analysed pages together (raw RGB is 3 bytes a pixel): deep mode on 200 pages must still fit in memory. */
const TOTAL_RENDER_PIXELS = 300_000_000;

type PdfDocument = Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

export async function decodePdf(bytes: Uint8Array, env: StageEnv): Promise<DecodedDocument> {
  assertPdfStreamBudget(bytes, { maxPixels: env.limits.maxPixels, check: () => env.deadline.check() });
  const task = pdfjs.getDocument({
    // pdfjs takes ownership of (detaches) the buffer it is given; the checks still need the bytes.
    data: bytes.slice(),
    ...PDFJS_RESOURCES,
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: env.limits.maxPixels,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let doc: PdfDocument;
  try {
    doc = await env.deadline.race(task.promise);
  } catch (e) {
    void task.destroy().catch(() => undefined);
    throw env.deadline.signal.aborted ? env.deadline.signal.reason : asInputError(e);
  }
  try {
    return await readDocument(doc, bytes, env);
  } catch (e) {
    throw env.deadline.signal.aborted ? env.deadline.signal.reason : asInputError(e);
  } finally {
    void task.destroy().catch(() => undefined);
  }
}

async function readDocument(doc: PdfDocument, bytes: Uint8Array, env: StageEnv): Promise<DecodedDocument> {
  const pageCount = doc.numPages;
  if (pageCount > env.limits.maxPages) {
    throw new ForensicInputError(
      "too_many_pages",
      `The PDF has ${pageCount} pages; at most ${env.limits.maxPages} are accepted.`,
    );
  }
  if (pageCount < 1) throw new ForensicInputError("decode_failed", "The PDF has no pages.");
  env.log(`PDF with ${pageCount} page${pageCount === 1 ? "" : "s"}`);
  const metadata = await pdfMetadata(doc, bytes, env);

  const pages: PageImage[] = [];
  const count = pagesToAnalyse(pageCount, env);
  const pdfLib = lazyPdfLib(bytes);
  for (let n = 1; n <= count; n++) {
    env.deadline.check();
    env.log(`rendering PDF page ${n} of ${pageCount}`);
    pages.push(await renderPage(doc, n, env, TOTAL_RENDER_PIXELS / count, pdfLib));
  }
  return { format: "pdf", pageCount, pages, metadata };
}

async function renderPage(
  doc: PdfDocument,
  n: number,
  env: StageEnv,
  share: number,
  pdfLib: ReturnType<typeof lazyPdfLib>,
): Promise<PageImage> {
  const page = await env.deadline.race(doc.getPage(n));
  try {
    const content = await env.deadline.race(page.getTextContent());
    const chars = content.items.reduce((s, it) => s + ("str" in it ? it.str.replace(/\s/g, "").length : 0), 0);
    const source = chars >= MIN_TEXT_LAYER_CHARS ? "pdf-text" : "pdf-scan";

    const base = page.getViewport({ scale: 1 });
    // Found before rendering, so an oversized embedded image is refused before any work on it.
    const embedded = source === "pdf-scan" ? await embeddedJpeg(page, n, base.width, env, share, pdfLib) : undefined;

    const budget = Math.min(env.limits.maxPixels, MAX_RENDER_PIXELS[env.mode], share);
    // Wanted resolution, lowered to fit the pixel budget.
    const scale = Math.min(
      DPI[source === "pdf-text" ? "text" : "scan"][env.mode] / 72,
      Math.sqrt(budget / Math.max(1, base.width * base.height)),
    );
    // The page paints that JPEG and nothing else: rendering it would only resample it.
    const raster =
      embedded && embedded.width * embedded.height <= budget
        ? { ...embedded, viewport: page.getViewport({ scale: embedded.width / base.width }) }
        : await render(doc, page, scale, env);
    const { rgb, width, height, dpi, viewport } = raster;
    const quality = await measureQuality({ rgb, width, height }, dpi);
    const text = textItemsOf(content, viewport, resolveFontNames(page, content));
    return { page: n, rgb, width, height, dpi, source, quality, text, ...(embedded ? { embedded } : {}) };
  } finally {
    page.cleanup();
  }
}

/** The page drawn by pdfjs at `scale` (PDF points to pixels). */
async function render(doc: PdfDocument, page: PdfPage, scale: number, env: StageEnv) {
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const factory = doc.canvasFactory as {
    create(w: number, h: number): { canvas: unknown; context: CanvasLike };
    destroy(c: unknown): void;
  };
  const target = factory.create(width, height);
  try {
    const renderTask = page.render({
      canvas: target.canvas as HTMLCanvasElement,
      canvasContext: target.context as unknown as CanvasRenderingContext2D,
      viewport,
      background: "#ffffff",
    });
    try {
      await env.deadline.race(renderTask.promise);
    } catch (e) {
      renderTask.cancel();
      throw e;
    }
    const image = target.context.getImageData(0, 0, width, height);
    return { rgb: rgbaToRgb(image.data, width * height), width, height, dpi: Math.round(scale * 72), viewport };
  } finally {
    factory.destroy(target);
  }
}

/**
 * The page's JPEG as stored: the page itself when it fits the render budget (it is analysed like
 * an upload of that JPEG), otherwise kept beside a smaller render for the pixel analyses.
 */
async function embeddedJpeg(
  page: PdfPage,
  n: number,
  pageWidthPt: number,
  env: StageEnv,
  share: number,
  pdfLib: ReturnType<typeof lazyPdfLib>,
): Promise<EmbeddedJpeg | undefined> {
  const lib = await env.deadline.race(pdfLib());
  if (!lib) return undefined;
  const frame = { index: n - 1, view: page.view, rotate: page.rotate };
  const scan = await env.deadline.race(placedJpeg(lib, frame, env.limits.maxPixels, share / 2));
  if (!scan) return undefined;
  env.log(`page ${n} is one JPEG (${scan.width}×${scan.height}): pixel analyses read it as stored`);
  return { ...scan, dpi: Math.round((scan.width / Math.max(1, pageWidthPt)) * 72) };
}

interface CanvasLike {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}

function asInputError(e: unknown): unknown {
  if (e instanceof ForensicInputError) return e;
  const name = e instanceof Error ? e.name : "";
  if (name === "PasswordException") {
    return new ForensicInputError("encrypted", "The PDF is password-protected; send an unencrypted copy.");
  }
  if (e instanceof RangeError || (e instanceof Error && /call stack/i.test(e.message))) {
    // Deeply nested objects exhaust the parser's stack: the file is built to break readers.
    return new ForensicInputError("decode_failed", "The PDF could not be parsed: its objects are nested too deeply.");
  }
  if (e instanceof Error && e.name !== "AbortError") {
    return new ForensicInputError("decode_failed", `The PDF could not be read (${shortReason(e)}); it may be damaged.`);
  }
  return e;
}
