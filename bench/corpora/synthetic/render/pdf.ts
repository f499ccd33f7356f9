// Layout → digital-born PDF with a real text layer and embedded (subset) TrueType fonts, and
// page images → image-only "scanned" PDF. Producer and dates are set the way the software
// named in them would set them; pdf-lib's own producer string never leaks out.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type PDFRef } from "pdf-lib";
import { fontBytes } from "../fonts";
import { setXmp, type PdfInfo } from "./pdf-xmp";
import type { Element, FontKey, Layout } from "../layout";

export function hexColor(hex: string) {
  const v = (i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
  return rgb(v(0), v(1), v(2));
}

export function applyInfo(doc: PDFDocument, info: PdfInfo): void {
  doc.setProducer(info.producer);
  doc.setCreator(info.creator);
  if (info.title) doc.setTitle(info.title);
  if (info.author) doc.setAuthor(info.author);
  doc.setCreationDate(info.creationDate);
  doc.setModificationDate(info.modDate);
  if (info.xmp) setXmp(doc, info.xmp);
}

const STANDARD: Record<FontKey, StandardFonts> = {
  sans: StandardFonts.Helvetica,
  "sans-bold": StandardFonts.HelveticaBold,
  "sans-oblique": StandardFonts.HelveticaOblique,
  "sans-condensed": StandardFonts.Helvetica,
  serif: StandardFonts.TimesRoman,
  "serif-bold": StandardFonts.TimesRomanBold,
  "serif-italic": StandardFonts.TimesRomanItalic,
  "serif-condensed": StandardFonts.TimesRoman,
  mono: StandardFonts.Courier,
  "mono-bold": StandardFonts.CourierBold,
  liberation: StandardFonts.Helvetica,
  "liberation-bold": StandardFonts.HelveticaBold,
};

export class FontSet {
  private readonly fonts = new Map<FontKey, PDFFont>();
  constructor(
    private readonly doc: PDFDocument,
    private readonly standard = false,
  ) {
    doc.registerFontkit(fontkit);
  }
  async get(key: FontKey): Promise<PDFFont> {
    let font = this.fonts.get(key);
    if (!font) {
      font = this.standard
        ? await this.doc.embedFont(STANDARD[key])
        : await this.doc.embedFont(fontBytes(key), { subset: true });
      this.fonts.set(key, font);
    }
    return font;
  }
}

/**
 * Draws elements in order. `isolate` gets a content stream of its own, so a later revision can
 * swap exactly that text out (the way "edit text" tools rewrite a run); its stream ref is returned.
 */
export async function drawElements(
  page: PDFPage,
  elements: Element[],
  fonts: FontSet,
  doc: PDFDocument,
  isolate?: Element,
): Promise<PDFRef | undefined> {
  const H = page.getHeight();
  let isolatedRef: PDFRef | undefined;
  for (const el of elements) {
    if (el === isolate) page.resetPosition();
    if (el.kind === "rect") {
      page.drawRectangle({
        x: el.x,
        y: H - el.y - el.height,
        width: el.width,
        height: el.height,
        ...(el.fill ? { color: hexColor(el.fill) } : {}),
        ...(el.stroke ? { borderColor: hexColor(el.stroke), borderWidth: el.lineWidth ?? 1 } : {}),
      });
    } else if (el.kind === "line") {
      page.drawLine({
        start: { x: el.x1, y: H - el.y1 },
        end: { x: el.x2, y: H - el.y2 },
        thickness: el.width,
        color: hexColor(el.color),
      });
    } else if (el.kind === "image") {
      const image = await doc.embedPng(el.png);
      page.drawImage(image, { x: el.x, y: H - el.y - el.height, width: el.width, height: el.height });
    } else {
      const font = await fonts.get(el.font);
      const width = font.widthOfTextAtSize(el.text, el.size);
      const x = el.align === "right" ? el.x - width : el.align === "center" ? el.x - width / 2 : el.x;
      page.drawText(el.text, { x, y: H - el.y, size: el.size, font, color: hexColor(el.color) });
    }
    if (el === isolate) {
      isolatedRef = (page as unknown as { contentStreamRef: PDFRef }).contentStreamRef;
      page.resetPosition();
    }
  }
  return isolatedRef;
}

export interface LayoutPdfOptions {
  objectStreams?: boolean;
  /** A text element to draw in its own content stream (see drawElements). */
  isolate?: Element;
}

export async function layoutToPdf(layout: Layout, info: PdfInfo, options: LayoutPdfOptions = {}): Promise<Uint8Array> {
  return (await layoutToPdfWithTarget(layout, info, options)).bytes;
}

/** Like layoutToPdf, and also says which object holds the isolated element's content stream. */
export async function layoutToPdfWithTarget(
  layout: Layout,
  info: PdfInfo,
  options: LayoutPdfOptions = {},
): Promise<{ bytes: Uint8Array; isolated?: PDFRef }> {
  let isolated: PDFRef | undefined;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = new FontSet(doc, layout.pdfFonts === "standard");
  for (const p of layout.pages) {
    const page = doc.addPage([layout.width, layout.height]);
    if (layout.background.toLowerCase() !== "#ffffff") {
      page.drawRectangle({
        x: 0,
        y: 0,
        width: layout.width,
        height: layout.height,
        color: hexColor(layout.background),
      });
    }
    isolated = (await drawElements(page, p.elements, fonts, doc, options.isolate)) ?? isolated;
  }
  applyInfo(doc, info);
  return { bytes: await doc.save({ useObjectStreams: options.objectStreams ?? false }), isolated };
}

/** One JPEG per page, each filling a page of the given size: what a scanner's "scan to PDF" makes. */
export async function imagesToPdf(
  jpegs: Uint8Array[],
  pageSize: { width: number; height: number },
  info: PdfInfo,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const jpeg of jpegs) {
    const image = await doc.embedJpg(jpeg);
    const page = doc.addPage([pageSize.width, pageSize.height]);
    page.drawImage(image, { x: 0, y: 0, width: pageSize.width, height: pageSize.height });
  }
  applyInfo(doc, info);
  return doc.save({ useObjectStreams: false });
}
