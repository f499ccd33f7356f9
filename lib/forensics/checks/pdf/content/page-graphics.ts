// Interprets one page's content (and the form XObjects it draws) with its fonts and images.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFDocument } from "pdf-lib";
import type { Region } from "../../../types";
import { decodeStream, fontsOf, nameOf, pageContent, type PageModel } from "../document";
import { fontMetrics, type FontMetrics } from "./font-metrics";
import { interpret, type Box, type Matrix, type PageGraphics, type XObjectResolver } from "./interpret";

export function pageGraphics(doc: PDFDocument, model: PageModel): PageGraphics {
  const fonts = metricsFor(doc, model.leaf.node.Resources());
  return interpret(pageContent(doc, model.leaf), fonts, resolverFor(doc, model.leaf.node.Resources()));
}

function metricsFor(doc: PDFDocument, resources: PDFDict | undefined): Map<string, FontMetrics> {
  return new Map(fontsOf(doc, resources).map((f) => [f.key, fontMetrics(doc, f)]));
}

function resolverFor(doc: PDFDocument, resources: PDFDict | undefined): XObjectResolver {
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  const memo = new Map<string, ReturnType<XObjectResolver>>();
  return (name) => {
    if (!memo.has(name)) memo.set(name, resolveXObject(doc, xobjects, resources, name));
    return memo.get(name)!;
  };
}

function resolveXObject(
  doc: PDFDocument,
  xobjects: PDFDict | undefined,
  resources: PDFDict | undefined,
  name: string,
): ReturnType<XObjectResolver> {
  {
    const obj = xobjects?.lookup(PDFName.of(name));
    if (!(obj instanceof PDFRawStream)) return null;
    const subtype = nameOf(obj.dict.get(PDFName.of("Subtype")));
    if (subtype === "Image") return { kind: "image" };
    if (subtype !== "Form") return null;
    const own = obj.dict.lookupMaybe(PDFName.of("Resources"), PDFDict) ?? resources;
    const values = obj.dict.lookupMaybe(PDFName.of("Matrix"), PDFArray)?.asArray();
    const matrix = (
      values?.length === 6 ? values.map((v) => (v instanceof PDFNumber ? v.asNumber() : 0)) : [1, 0, 0, 1, 0, 0]
    ) as Matrix;
    return {
      kind: "form",
      content: decodeStream(obj),
      matrix,
      fonts: metricsFor(doc, own),
      resolve: resolverFor(doc, own),
    };
  }
}

/** A box in PDF user space as a region in page fractions (origin top-left), clamped to the page. */
export function toRegion(box: Box, page: Pick<PageModel, "width" | "height" | "originX" | "originY">): Region {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x0 = clamp((box.x0 - page.originX) / page.width);
  const x1 = clamp((box.x1 - page.originX) / page.width);
  const top = clamp(1 - (box.y1 - page.originY) / page.height);
  const bottom = clamp(1 - (box.y0 - page.originY) / page.height);
  return { x: x0, y: top, width: x1 - x0, height: bottom - top };
}

export function area(box: Box): number {
  return Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);
}

export function intersection(a: Box, b: Box): number {
  return area({
    x0: Math.max(a.x0, b.x0),
    y0: Math.max(a.y0, b.y0),
    x1: Math.min(a.x1, b.x1),
    y1: Math.min(a.y1, b.y1),
  });
}

export function union(a: Box, b: Box): Box {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}
