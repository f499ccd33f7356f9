// Renders PDF pages to greyscale with pdfjs-dist (legacy build, bundled @napi-rs/canvas, fonts
// shipped with pdfjs: nothing is fetched). Used to see what a revision changed on the page.
import { createCanvas } from "@napi-rs/canvas";
import { pdfjs, PDFJS_RESOURCES } from "../../pipeline/pdfjs";

export interface GrayPage {
  width: number;
  height: number;
  /** One byte of luminance per pixel, row-major. */
  gray: Uint8Array;
}

/** Renders the given 1-based pages; pages that fail to render are left out of the map. */
export async function renderGray(bytes: Uint8Array, pages: number[], scale: number): Promise<Map<number, GrayPage>> {
  // pdfjs takes ownership of (and detaches) the buffer it is given, so hand it a copy.
  const task = pdfjs.getDocument({
    ...PDFJS_RESOURCES,
    data: new Uint8Array(bytes),
    verbosity: 0,
    stopAtErrors: false,
  });
  const out = new Map<number, GrayPage>();
  try {
    const doc = await task.promise;
    for (const number of pages) {
      if (number < 1 || number > doc.numPages) continue;
      try {
        const page = await doc.getPage(number);
        const viewport = page.getViewport({ scale });
        const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
        const context = canvas.getContext("2d");
        await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
        const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
        const gray = new Uint8Array(canvas.width * canvas.height);
        for (let i = 0, j = 0; j < gray.length; i += 4, j += 1) {
          gray[j] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
        }
        out.set(number, { width: canvas.width, height: canvas.height, gray });
        page.cleanup();
      } catch {
        // A page that cannot be rendered at this revision is simply not compared.
      }
    }
  } catch {
    // The document as of this revision does not open: nothing to compare.
  } finally {
    await task.destroy();
  }
  return out;
}
