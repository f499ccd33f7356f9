// Glyph widths and character decoding for the fonts a content stream uses: enough to place text
// runs on the page (boxes) and to know which characters they show. Simple fonts use one byte per
// code and /Widths; Type0 fonts use two-byte codes (Identity-H, the norm) and /W; /ToUnicode
// maps codes to text when present.
import { PDFArray, PDFDict, PDFName, PDFNumber, StandardFontEmbedder, StandardFonts, type PDFDocument } from "pdf-lib";
import { decodeStream, type FontUse } from "../document";

export interface FontMetrics {
  key: string;
  baseFont: string;
  family: string;
  embedded: boolean;
  twoByte: boolean;
  /** Width of a code in 1/1000 em, or null when the font does not say. */
  width(code: number): number | null;
  decode(code: number): string;
}

export function fontMetrics(doc: PDFDocument, font: FontUse): FontMetrics {
  const dict = font.dict;
  const twoByte = font.subtype === "Type0";
  const toUnicode = parseToUnicode(decodeStream(dict.lookup(PDFName.of("ToUnicode"))));
  let width: (code: number) => number | null;
  if (twoByte) {
    const descendant = doc.context.lookup(dict.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.get(0));
    const cid = descendant instanceof PDFDict ? descendant : undefined;
    const dw = numberOf(cid?.lookup(PDFName.of("DW"))) ?? 1000;
    const table = parseCidWidths(doc, cid?.lookupMaybe(PDFName.of("W"), PDFArray));
    width = (code) => table.get(code) ?? dw;
  } else {
    const first = numberOf(dict.lookup(PDFName.of("FirstChar"))) ?? 0;
    const widths = dict.lookupMaybe(PDFName.of("Widths"), PDFArray);
    // A Type 3 font's widths are in its own glyph space, which its FontMatrix maps to text space
    // (printer drivers through Ghostscript write 1/2048 or 1/204.8 units, not 1/1000).
    const scale = font.subtype === "Type3" ? type3Scale(doc, dict) : 1;
    const values = widths ? widths.asArray().map((w) => (numberOf(doc.context.lookup(w)) ?? 0) * scale) : null;
    const standard = values || font.embedded ? null : standardWidths(font.family);
    width = (code) => (values ? (values[code - first] ?? null) : standard ? standard(code) : null);
  }
  return {
    key: font.key,
    baseFont: font.baseFont,
    family: font.family,
    embedded: font.embedded,
    twoByte,
    width,
    decode: (code) => toUnicode.get(code) ?? (twoByte ? "\uFFFD" : String.fromCharCode(code)),
  };
}

/** Factor from a Type 3 font's glyph space to thousandths of text space (1 for the usual 0.001 matrix). */
function type3Scale(doc: PDFDocument, dict: PDFDict): number {
  const matrix = dict.lookupMaybe(PDFName.of("FontMatrix"), PDFArray);
  const a = numberOf(doc.context.lookup(matrix?.get(0)));
  return a !== undefined && Number.isFinite(a) && a !== 0 ? Math.abs(a) * 1000 : 1;
}

/** Widths of the standard 14 fonts (which PDFs may use without /Widths), from pdf-lib's metrics. */
function standardWidths(family: string): ((code: number) => number | null) | null {
  const bold = /bold/i.test(family);
  const italic = /italic|oblique/i.test(family);
  const pick = (regular: StandardFonts, b: StandardFonts, i: StandardFonts, bi: StandardFonts) =>
    bold ? (italic ? bi : b) : italic ? i : regular;
  let name: StandardFonts;
  if (/^(helvetica|arial)/i.test(family))
    name = pick(
      StandardFonts.Helvetica,
      StandardFonts.HelveticaBold,
      StandardFonts.HelveticaOblique,
      StandardFonts.HelveticaBoldOblique,
    );
  else if (/^times/i.test(family))
    name = pick(
      StandardFonts.TimesRoman,
      StandardFonts.TimesRomanBold,
      StandardFonts.TimesRomanItalic,
      StandardFonts.TimesRomanBoldItalic,
    );
  else if (/^courier/i.test(family))
    name = pick(
      StandardFonts.Courier,
      StandardFonts.CourierBold,
      StandardFonts.CourierOblique,
      StandardFonts.CourierBoldOblique,
    );
  else return null;
  const embedder = StandardFontEmbedder.for(name as never);
  const cache = new Map<number, number | null>();
  return (code) => {
    if (!cache.has(code)) {
      try {
        cache.set(code, embedder.widthOfTextAtSize(String.fromCharCode(code), 1000));
      } catch {
        cache.set(code, null);
      }
    }
    return cache.get(code) ?? null;
  };
}

function numberOf(obj: unknown): number | undefined {
  return obj instanceof PDFNumber ? obj.asNumber() : undefined;
}

function parseCidWidths(doc: PDFDocument, w: PDFArray | undefined): Map<number, number> {
  const map = new Map<number, number>();
  if (!w) return map;
  const items = w.asArray().map((o) => doc.context.lookup(o));
  for (let i = 0; i < items.length && map.size < 70_000;) {
    const start = numberOf(items[i]);
    const next = items[i + 1];
    if (start === undefined) break;
    if (next instanceof PDFArray) {
      next.asArray().forEach((v, k) => map.set(start + k, numberOf(doc.context.lookup(v)) ?? 1000));
      i += 2;
    } else {
      const end = numberOf(next) ?? start;
      const value = numberOf(items[i + 2]) ?? 1000;
      for (let c = start; c <= Math.min(end, start + 70_000); c++) map.set(c, value);
      i += 3;
    }
  }
  return map;
}

/** bfchar and bfrange entries of a ToUnicode CMap. */
export function parseToUnicode(bytes: Uint8Array): Map<number, string> {
  const map = new Map<number, string>();
  if (!bytes.length) return map;
  const text = Buffer.from(bytes).toString("latin1");
  const utf16 = (hex: string) => {
    const buf = Buffer.from(hex.length % 2 ? hex + "0" : hex, "hex");
    let s = "";
    for (let i = 0; i + 1 < buf.length; i += 2) s += String.fromCharCode(buf.readUInt16BE(i));
    return s;
  };
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<([0-9a-fA-F]*)>|\[([^\]]*)\])/g)) {
      const lo = parseInt(m[1], 16);
      const hi = Math.min(parseInt(m[2], 16), lo + 65_535);
      if (m[4] !== undefined) {
        const base = utf16(m[4]);
        const head = base.slice(0, -1);
        const last = base.charCodeAt(base.length - 1) || 0;
        for (let c = lo; c <= hi; c++) map.set(c, head + String.fromCharCode(last + (c - lo)));
      } else {
        [...(m[5] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].forEach((h, k) => map.set(lo + k, utf16(h[1])));
      }
    }
  }
  return map;
}

export function familyOf(metrics: { family: string }): string {
  return baseFamily(metrics.family);
}

/** "Arial-BoldMT" → "arial", "TimesNewRomanPS-ItalicMT" → "timesnewroman": style and foundry suffixes removed. */
export function baseFamily(name: string): string {
  return name
    .replace(/^[A-Z]{6}\+/, "")
    .split(/[-,]/)[0]
    .replace(/(PS)?MT$/, "")
    .replace(/PS$/, "")
    .replace(/(Bold|Italic|Oblique|Regular|Light|Medium|Semibold|Black)+$/i, "")
    .toLowerCase();
}

export function isSymbolFont(name: string): boolean {
  return /symbol|dingbat|wingding|webding|marlett|fontawesome|icons?\b/i.test(name);
}
