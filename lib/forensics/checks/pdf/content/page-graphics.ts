// Interprets one page's content (and the form XObjects it draws) with its fonts and images.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFDocument } from "pdf-lib";
import { decodeStream, fontsOf, nameOf, pageContent, type PageModel } from "../document";
import { fontMetrics, type FontMetrics } from "./font-metrics";
import type { Matrix } from "../../../pipeline/pdf-content";
import { interpret, type PageGraphics, type XObjectResolver } from "./interpret";

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
