// A scanned PDF page is usually one JPEG placed over the whole page. Its forensic evidence (the
// encoder's 8×8 grid and tables, sensor noise, noise a clone carried along) lives in that JPEG at
// its own resolution; rendering the page resamples it away. When a page paints that one JPEG and
// nothing else, the JPEG's own bytes are the page, and they are decoded exactly as an uploaded JPEG.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  type PDFObject,
} from "pdf-lib";
import sharp from "sharp";
import type { EmbeddedJpeg } from "../context";
import { ForensicInputError } from "../types";
import { assertPixels, shortReason } from "./decode-image";
import { IDENTITY, joinStreams, mul, type Matrix } from "./pdf-content";

/** A single-image page's content is a handful of operators; anything longer is not one. */
const MAX_CONTENT_BYTES = 4096;
/** The image must show (nearly) the whole page and the page (nearly) the whole image. */
const MIN_COVER = 0.97;
/** Operators that paint nothing and change nothing an image is drawn with. */
const INERT = new Set(["q", "Q", "w", "J", "j", "M", "ri", "i", "BMC", "EMC"]);

type PlacedJpeg = Omit<EmbeddedJpeg, "dpi">;

/** What pdfjs knows of the page: its visible box in PDF units and its /Rotate. */
export interface PageFrame {
  index: number;
  view: number[];
  rotate: number;
}

/** Loaded at most once per document, and only when a scanned page asks; a parse failure means "render instead". */
export function lazyPdfLib(bytes: Uint8Array): () => Promise<PDFDocument | null> {
  let doc: Promise<PDFDocument | null> | null = null;
  return () =>
    (doc ??= PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
    }).catch(() => null));
}

/**
 * The page's JPEG decoded at its own resolution, or null when the page is anything but one
 * upright DCT image filling it (the caller renders those). An image over `maxPixels` is refused
 * with the same error as an uploaded one.
 */
export async function placedJpeg(
  doc: PDFDocument,
  frame: PageFrame,
  maxPixels: number,
  budget: number,
): Promise<PlacedJpeg | null> {
  if (frame.rotate % 360 !== 0) return null;
  const leaf = doc.getPages()[frame.index];
  if (!leaf || hasAnnotations(doc, leaf.node.get(PDFName.of("Annots")))) return null;
  const content = contentOf(doc, leaf.node.get(PDFName.of("Contents")));
  const placement = content && singleImage(content);
  if (!placement || !covers(placement.ctm, frame.view)) return null;

  const xobjects = leaf.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  const stream = xobjects ? doc.context.lookup(xobjects.get(PDFName.of(placement.name))) : undefined;
  if (!(stream instanceof PDFRawStream) || !isPlainJpeg(stream.dict)) return null;
  const width = numberOf(stream.dict.lookup(PDFName.of("Width")));
  const height = numberOf(stream.dict.lookup(PDFName.of("Height")));
  if (!(width > 0 && height > 0)) return null;
  assertPixels(width, height, maxPixels, frame.index + 1);
  if (width * height > budget) return null;

  const jpeg = stream.contents;
  const head = await sharp(jpeg, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!head || head.format !== "jpeg") return null;
  assertPixels(head.width ?? 0, head.height ?? 0, maxPixels, frame.index + 1);
  // PDF readers ignore a JPEG's EXIF orientation and draw what the stream's dictionary says.
  if (head.width !== width || head.height !== height || (head.channels !== 1 && head.channels !== 3)) return null;

  try {
    const { data, info } = await sharp(jpeg, { limitInputPixels: maxPixels, failOn: "truncated" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return null;
    return { jpeg, rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
  } catch (e) {
    if (/pixel limit/i.test(shortReason(e))) {
      throw new ForensicInputError("too_many_pixels", `The image exceeds the limit of ${maxPixels} pixels.`);
    }
    return null; // a damaged stream pdfjs may still draw in part
  }
}

/** Annotations draw over the page (stamps, ink, free text): such a page is rendered as it looks. */
function hasAnnotations(doc: PDFDocument, annots: PDFObject | undefined): boolean {
  const resolved = annots ? doc.context.lookup(annots) : undefined;
  return resolved !== undefined && !(resolved instanceof PDFArray && resolved.size() === 0);
}

function contentOf(doc: PDFDocument, contents: PDFObject | undefined): Uint8Array | null {
  const resolved = contents ? doc.context.lookup(contents) : undefined;
  const parts = resolved instanceof PDFArray ? resolved.asArray().map((o) => doc.context.lookup(o)) : [resolved];
  const decoded: Uint8Array[] = [];
  let total = 0;
  for (const part of parts) {
    if (!(part instanceof PDFStream)) return null;
    // Check the stored size first: a compressed bomb is never inflated.
    if (part instanceof PDFRawStream && part.contents.length > MAX_CONTENT_BYTES) return null;
    let bytes: Uint8Array;
    try {
      bytes = part instanceof PDFRawStream ? decodePDFRawStream(part).decode() : part.getContents();
    } catch {
      return null;
    }
    total += bytes.length + 1;
    if (total > MAX_CONTENT_BYTES) return null;
    decoded.push(bytes);
  }
  return joinStreams(decoded);
}

/**
 * The one image a content stream paints and the matrix it is painted with, or null if the stream
 * does anything else: text, paths, a second image, a graphics state (transparency, soft masks),
 * optional content or anything this reader does not know.
 */
function singleImage(content: Uint8Array): { name: string; ctm: Matrix } | null {
  const text = Buffer.from(content).toString("latin1");
  const tokens = text.replace(/%[^\r\n]*/g, " ").match(/\S+/g) ?? [];
  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];
  const operands: string[] = [];
  let painted: { name: string; ctm: Matrix } | null = null;
  for (const token of tokens) {
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token) || /^\/[^/()<>[\]{}%]+$/.test(token)) {
      operands.push(token);
      continue;
    }
    if (token === "cm") {
      const m = operands.map(Number);
      if (m.length !== 6 || m.some((v) => !Number.isFinite(v))) return null;
      ctm = mul(m as Matrix, ctm);
    } else if (token === "Do") {
      if (painted || operands.length !== 1) return null;
      painted = { name: operands[0].slice(1), ctm };
    } else if (token === "q") {
      if (stack.length > 32) return null;
      stack.push(ctm);
    } else if (token === "Q") {
      ctm = stack.pop() ?? ctm;
    } else if (!INERT.has(token)) {
      return null;
    }
    operands.length = 0;
  }
  return painted;
}

/** Upright (image rows top to bottom, unmirrored, unrotated) and filling the visible page. */
function covers(ctm: Matrix, view: number[]): boolean {
  const [a, b, c, d, e, f] = ctm;
  if (!(a > 0 && d > 0) || Math.abs(b) > 1e-6 * a || Math.abs(c) > 1e-6 * d) return false;
  const [vx0, vy0, vx1, vy1] = view;
  const viewArea = (vx1 - vx0) * (vy1 - vy0);
  const overlap =
    Math.max(0, Math.min(e + a, vx1) - Math.max(e, vx0)) * Math.max(0, Math.min(f + d, vy1) - Math.max(f, vy0));
  return viewArea > 0 && overlap >= MIN_COVER * viewArea && overlap >= MIN_COVER * a * d;
}

/** A DCT-only, 8-bit image drawn as stored: no mask, no decode array, no other filter in front. */
function isPlainJpeg(dict: PDFDict): boolean {
  if (dict.lookup(PDFName.of("Subtype")) !== PDFName.of("Image")) return false;
  const filter = dict.lookup(PDFName.of("Filter"));
  const filters = filter instanceof PDFArray ? filter.asArray() : [filter];
  if (filters.length !== 1 || filters[0] !== PDFName.of("DCTDecode")) return false;
  if (["SMask", "Mask", "Decode", "ImageMask", "SMaskInData"].some((k) => dict.has(PDFName.of(k)))) return false;
  const bits = dict.lookup(PDFName.of("BitsPerComponent"));
  return bits === undefined || numberOf(bits) === 8;
}

function numberOf(obj: PDFObject | undefined): number {
  return obj instanceof PDFNumber ? obj.asNumber() : 0;
}
