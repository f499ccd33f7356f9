// A document is first built as a Layout: positioned text, boxes, lines and images in points
// (origin top-left). The same Layout renders to a PDF with a real text layer and to pixels, so
// a document's PDF and image versions show the same thing.

export type FontKey =
  | "sans"
  | "sans-bold"
  | "sans-oblique"
  | "sans-condensed"
  | "serif"
  | "serif-bold"
  | "serif-italic"
  | "serif-condensed"
  | "mono"
  | "mono-bold"
  | "liberation"
  | "liberation-bold";

export interface TextElement {
  kind: "text";
  x: number;
  /** Baseline, in points from the top. */
  y: number;
  text: string;
  size: number;
  font: FontKey;
  color: string;
  align?: "left" | "center" | "right";
  /** The field this text prints (snake_case name from the shared vocabulary), so tampers can find it. */
  field?: string;
  /** Free tag for other addressable text (a table cell such as "net_row", a MRZ line). */
  tag?: string;
}

export interface RectElement {
  kind: "rect";
  x: number;
  y: number;
  width: number;
  height: number;
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  radius?: number;
}

export interface LineElement {
  kind: "line";
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: string;
  width: number;
}

export interface ImageElement {
  kind: "image";
  x: number;
  y: number;
  width: number;
  height: number;
  /** PNG bytes. */
  png: Uint8Array;
  tag?: "qr" | "pdf417" | "photo" | "seal" | "logo";
}

export type Element = TextElement | RectElement | LineElement | ImageElement;

export interface LayoutPage {
  elements: Element[];
}

export interface Layout {
  /** Page size in points (1/72 inch). */
  width: number;
  height: number;
  pages: LayoutPage[];
  /** Page background colour (paper tint). */
  background: string;
  /**
   * How a digital PDF of this layout carries its fonts: embedded TrueType subsets (office suites,
   * browsers) or the non-embedded standard 14 fonts (ReportLab, TCPDF, FPDF and other report engines).
   */
  pdfFonts?: "embedded" | "standard";
}

export function text(
  x: number,
  y: number,
  value: string,
  size: number,
  font: FontKey,
  extra: Partial<Omit<TextElement, "kind" | "x" | "y" | "text" | "size" | "font">> = {},
): TextElement {
  return { kind: "text", x, y, text: value, size, font, color: extra.color ?? "#111111", ...extra };
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  style: Omit<RectElement, "kind" | "x" | "y" | "width" | "height">,
): RectElement {
  return { kind: "rect", x, y, width, height, ...style };
}

export function line(x1: number, y1: number, x2: number, y2: number, color = "#333333", width = 0.8): LineElement {
  return { kind: "line", x1, y1, x2, y2, color, width };
}

export const A4 = { width: 595.28, height: 841.89 } as const;
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;
/** ID-1 card (85.60 × 53.98 mm). */
export const ID1 = { width: 242.65, height: 153.01 } as const;
/** Passport data page (ID-3, 125 × 88 mm). */
export const ID3 = { width: 354.33, height: 249.45 } as const;

/** Every text element of a layout with its page index, for tampers and tests. */
export function textElements(layout: Layout): Array<{ page: number; element: TextElement }> {
  return layout.pages.flatMap((p, page) =>
    p.elements.filter((e): e is TextElement => e.kind === "text").map((element) => ({ page, element })),
  );
}
