// Thin helpers over pdf-lib's object model: load a (possibly truncated) PDF leniently, walk its
// pages, fonts and content streams, and fingerprint objects so two revisions can be compared.
// pdf-lib parses every object in file order and lets later definitions win, which is exactly
// "the document as of the last save in these bytes".
import { createHash } from "node:crypto";
import { joinStreams } from "../../pipeline/pdf-content";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
  type PDFPage,
} from "pdf-lib";

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: false, updateMetadata: false });
}

export interface FontUse {
  /** Resource name used in the content stream, e.g. "F1". */
  key: string;
  /** BaseFont without a subset prefix, e.g. "Arial-BoldMT". */
  family: string;
  /** BaseFont as written, e.g. "ABCDEF+Arial-BoldMT". */
  baseFont: string;
  subtype: string;
  embedded: boolean;
  ref: string | null;
  dict: PDFDict;
}

export interface PageModel {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  /** Lower-left corner of the visible box (MediaBox/CropBox), in PDF units. */
  originX: number;
  originY: number;
  leaf: PDFPage;
  fonts: FontUse[];
}

export function pageModels(doc: PDFDocument, limit = Infinity): PageModel[] {
  const pages = doc.getPages().slice(0, limit);
  return pages.map((leaf, i) => {
    const box = leaf.getCropBox();
    return {
      page: i + 1,
      width: box.width || 612,
      height: box.height || 792,
      originX: box.x,
      originY: box.y,
      leaf,
      fonts: fontsOf(doc, leaf.node.Resources()),
    };
  });
}

export function fontsOf(doc: PDFDocument, resources: PDFDict | undefined): FontUse[] {
  const fontDict = resources?.lookupMaybe(PDFName.of("Font"), PDFDict);
  if (!fontDict) return [];
  const fonts: FontUse[] = [];
  for (const [name, value] of fontDict.entries()) {
    const dict = doc.context.lookup(value);
    if (!(dict instanceof PDFDict)) continue;
    const baseFont = nameOf(dict.get(PDFName.of("BaseFont"))) ?? name.decodeText();
    fonts.push({
      key: name.decodeText(),
      baseFont,
      family: familyName(baseFont),
      subtype: nameOf(dict.get(PDFName.of("Subtype"))) ?? "",
      embedded: isEmbedded(doc, dict),
      ref: value instanceof PDFRef ? value.toString() : null,
      dict,
    });
  }
  return fonts;
}

/** BaseFont without the subset tag: "ABCDEF+Arial" (the standard) or "Arial-1234" (pdf-lib's). */
export function familyName(baseFont: string): string {
  return baseFont.replace(/^[A-Z]{6}\+/, "").replace(/-\d{3,}$/, "");
}

function isEmbedded(doc: PDFDocument, font: PDFDict): boolean {
  if (nameOf(font.get(PDFName.of("Subtype"))) === "Type3") return true;
  let descriptorOwner = font;
  const descendants = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray);
  const first = descendants ? doc.context.lookup(descendants.get(0)) : undefined;
  if (first instanceof PDFDict) descriptorOwner = first;
  const descriptor = descriptorOwner.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
  if (!descriptor) return false;
  return ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor.has(PDFName.of(key)));
}

export function nameOf(obj: PDFObject | undefined): string | undefined {
  return obj instanceof PDFName ? obj.decodeText() : undefined;
}

/** The page's content streams, decoded and joined as the PDF spec says (as one stream). */
export function pageContent(doc: PDFDocument, page: PDFPage): Uint8Array {
  return joinStreams(pageContentParts(doc, page));
}

/** The page's content streams, decoded, one per entry of /Contents. */
export function pageContentParts(doc: PDFDocument, page: PDFPage): Uint8Array[] {
  const contents = page.node.get(PDFName.of("Contents"));
  const streams: PDFObject[] = [];
  const resolved = contents ? doc.context.lookup(contents) : undefined;
  if (resolved instanceof PDFArray) streams.push(...resolved.asArray().map((o) => doc.context.lookup(o) as PDFObject));
  else if (resolved) streams.push(resolved);
  return streams.map(decodeStream);
}

export function decodeStream(obj: PDFObject | undefined): Uint8Array {
  if (obj instanceof PDFRawStream) {
    try {
      return decodePDFRawStream(obj).decode();
    } catch {
      return new Uint8Array();
    }
  }
  if (obj instanceof PDFStream) return obj.getContents();
  return new Uint8Array();
}

/**
 * A hash of an object and everything it references, so "did what this page shows change?" can
 * be answered across revisions even when an editor renumbered objects. Back-references (/Parent,
 * /P) are skipped; depth and a visited set keep hostile cycles bounded.
 */
export function deepFingerprint(doc: PDFDocument, obj: PDFObject | undefined, maxDepth = 8): string {
  const hash = createHash("sha1");
  const seen = new Set<PDFObject>();
  const walk = (value: PDFObject | undefined, depth: number) => {
    if (value === undefined || depth > maxDepth) return hash.update("~");
    const target = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (target === undefined) return hash.update("null");
    if (seen.has(target)) return hash.update("@");
    seen.add(target);
    if (target instanceof PDFRawStream || target instanceof PDFStream) {
      const dict = target.dict;
      walkDict(dict, depth);
      hash.update(target instanceof PDFRawStream ? target.contents : target.getContents());
    } else if (target instanceof PDFDict) {
      walkDict(target, depth);
    } else if (target instanceof PDFArray) {
      hash.update("[");
      for (const item of target.asArray()) walk(item, depth + 1);
      hash.update("]");
    } else {
      hash.update(target.toString());
    }
  };
  const walkDict = (dict: PDFDict, depth: number) => {
    hash.update("<<");
    const entries = dict.entries().sort(([a], [b]) => (a.asString() < b.asString() ? -1 : 1));
    for (const [key, value] of entries) {
      const name = key.asString();
      if (name === "/Parent" || name === "/P" || name === "/Length") continue;
      // An empty sub-dictionary or array says nothing (writers add them while normalising).
      const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
      if (
        (resolved instanceof PDFDict && !(resolved instanceof PDFRawStream) && resolved.entries().length === 0) ||
        (resolved instanceof PDFArray && resolved.size() === 0)
      )
        continue;
      hash.update(name);
      walk(value, depth + 1);
    }
    hash.update(">>");
  };
  walk(obj, 0);
  return hash.digest("hex");
}

/** A flat fingerprint of one indirect object (not what it references). */
export function shallowFingerprint(obj: PDFObject): string {
  const hash = createHash("sha1");
  if (obj instanceof PDFRawStream) {
    hash.update(obj.dict.toString());
    hash.update(obj.contents);
  } else {
    hash.update(obj.toString());
  }
  return hash.digest("hex");
}
