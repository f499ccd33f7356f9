// The PDF text layer as TextItems in page fractions, with the real font names (the ones a
// forger's editor leaves behind when it substitutes a font), not pdfjs's internal ids.
import type { TextItem } from "../context";
import { pdfjs } from "./pdfjs";

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>["getPage"]>>;
type TextContent = Awaited<ReturnType<PdfPage["getTextContent"]>>;
type Viewport = ReturnType<PdfPage["getViewport"]>;

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

export function textItemsOf(content: TextContent, viewport: Viewport, fontNames: Map<string, string>): TextItem[] {
  const items: TextItem[] = [];
  for (const raw of content.items) {
    if (!("str" in raw)) continue;
    const item = raw as RawItem;
    if (!item.str.trim()) continue;
    const tx = pdfjs.Util.transform(viewport.transform, item.transform);
    const fontHeight = Math.hypot(tx[2], tx[3]);
    const style = (content.styles as Record<string, { ascent?: number; descent?: number }>)[item.fontName];
    const ascent = style?.ascent && style.ascent > 0 ? style.ascent : 0.8;
    const descent = style?.descent && style.descent < 0 ? -style.descent : 0.2;
    const scale = viewport.scale;
    const width = Math.abs(item.width * scale);
    const top = tx[5] - fontHeight * ascent;
    const height = fontHeight * (ascent + descent);
    items.push({
      text: item.str,
      x: clamp01(tx[4] / viewport.width),
      y: clamp01(top / viewport.height),
      width: clamp01(width / viewport.width),
      height: clamp01(height / viewport.height),
      source: "pdf",
      confidence: 100,
      font: fontNames.get(item.fontName) ?? item.fontName,
    });
  }
  return items;
}

/** After a page is rendered its fonts are loaded; their `name` is the PDF BaseFont (e.g. ABCDEF+Arial). */
export function resolveFontNames(page: PdfPage, content: TextContent): Map<string, string> {
  const names = new Map<string, string>();
  for (const raw of content.items) {
    if (!("fontName" in raw) || names.has(raw.fontName)) continue;
    const id = raw.fontName;
    try {
      if (page.commonObjs.has(id)) {
        const font = page.commonObjs.get(id) as { name?: string; loadedName?: string } | null;
        if (font?.name) names.set(id, font.name);
      }
    } catch {
      // Fonts that failed to load keep pdfjs's id.
    }
  }
  return names;
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}
