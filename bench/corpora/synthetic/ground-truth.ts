// Ground truth the generator records with each document: the visible text with its boxes (what a
// perfect reader would return) and where a tampered field sits, both in output page fractions.
import type { TextItem } from "@/lib/forensics/context";
import type { Region } from "@/lib/forensics/types";
import type { TamperKind } from "./catalog";
import type { BuiltDocument } from "./documents/common";
import type { TextElement } from "./layout";
import type { PointMap } from "./render/looks";
import type { Raster } from "./render/raster";
import { regionOf, textBox, type Target } from "./tamper/targets";

/** Tampers whose edit shows the replacement text on the page. */
export function visibleEdit(kind: TamperKind | undefined, target: Target | undefined): Target | undefined {
  return kind && target && kind.startsWith("pdf.") ? target : undefined;
}

/** What a perfect reader would see on one page: each text run with its box in output page fractions. */
export function visibleText(
  built: BuiltDocument,
  pageIndex: number,
  edited: Target | undefined,
  map: PointMap,
  pxPerPt: number,
  size: { width: number; height: number },
): TextItem[] {
  const source = pxPerPt === 1 ? "pdf" : "ocr";
  const items: TextItem[] = [];
  for (const el of built.layout.pages[pageIndex]?.elements ?? []) {
    if (el.kind !== "text") continue;
    const value = edited && edited.page === pageIndex && edited.element === el ? edited.replacement : el.text;
    const box = textBox(el, value);
    const corners = [
      map(box.x * pxPerPt, box.y * pxPerPt),
      map((box.x + box.width) * pxPerPt, (box.y + box.height) * pxPerPt),
      map(box.x * pxPerPt, (box.y + box.height) * pxPerPt),
      map((box.x + box.width) * pxPerPt, box.y * pxPerPt),
    ];
    const xs = corners.map((c) => c[0] / size.width);
    const ys = corners.map((c) => c[1] / size.height);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    items.push({
      text: value,
      x,
      y,
      width: Math.max(...xs) - x,
      height: Math.max(...ys) - y,
      source,
      confidence: 100,
      ...(source === "pdf" ? { font: el.font } : {}),
    });
  }
  return items;
}

export function fraction(box: { x: number; y: number; width: number; height: number }, page: Raster): Region {
  const x = Math.max(0, box.x) / page.width;
  const y = Math.max(0, box.y) / page.height;
  return { x, y, width: Math.min(1 - x, box.width / page.width), height: Math.min(1 - y, box.height / page.height) };
}

export function regionOfField(built: BuiltDocument, field: string | undefined): { region?: Region & { page: number } } {
  if (!field) return {};
  for (const [page, p] of built.layout.pages.entries()) {
    const el = p.elements.find((e): e is TextElement => e.kind === "text" && e.field === field);
    if (el) return { region: { page: page + 1, ...regionOf(built.layout, el, el.text) } };
  }
  return {};
}
