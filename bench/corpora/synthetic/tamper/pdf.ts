// Forged PDFs made the way editors make them: incremental updates that cover and retype a
// value, "edit text" revisions that swap a text run for one in a new font, whole-file re-saves
// by online editors, and white boxes hiding the original text in a single revision.
import { PDFArray, PDFName, type PDFDocument, type PDFRef } from "pdf-lib";
import type { FontKey, Layout, TextElement } from "../layout";
import { appendIncrementalUpdate } from "../render/incremental";
import { setXmp } from "../render/pdf-xmp";
import { FontSet, drawElements, layoutToPdf, layoutToPdfWithTarget } from "../render/pdf";
import type { Rng } from "../rng";
import { EDITOR_PDF_SOFTWARE, ISSUER_PDF_SOFTWARE } from "../software";
import { textBox, type Target } from "./targets";
import type { PdfInfo } from "../render/pdf-xmp";

const DAY = 86_400_000;

/** The edit happened weeks to years after the issuer made the file. */
export function editorInfo(rng: Rng, original: PdfInfo): PdfInfo {
  const [producer, creator] = rng.pick(EDITOR_PDF_SOFTWARE);
  const modDate = new Date(original.creationDate.getTime() + rng.int(20, 900) * DAY + rng.int(0, 86_000) * 1000);
  const edited: PdfInfo = { ...original, producer, creator: rng.chance(0.5) ? original.creator : creator, modDate };
  // Acrobat-style editors update the XMP packet and log the save; online tools usually leave the
  // issuer's packet as it was, so it contradicts the new Info dictionary.
  if (original.xmp && producer.startsWith("Adobe")) {
    edited.xmp = { ...original.xmp, history: [...(original.xmp.history ?? []), { agent: producer, when: modDate }] };
  }
  return edited;
}

/** A font the original did not use for this text, close enough that a reader would not notice. */
function lookAlike(rng: Rng, font: FontKey): FontKey {
  const sans: FontKey[] = ["liberation", "sans", "sans-condensed"];
  const serif: FontKey[] = ["serif", "serif-condensed"];
  const bold: FontKey[] = ["liberation-bold", "sans-bold", "serif-bold"];
  const pool = font.includes("bold") ? bold : font.startsWith("serif") ? serif : sans;
  const others = pool.filter((f) => f !== font);
  return rng.pick(others.length > 0 ? others : ["liberation"]);
}

function replacementElement(target: Target, font: FontKey, rng: Rng, jitter: boolean): TextElement {
  const el = target.element;
  return {
    ...el,
    text: target.replacement,
    font,
    size: jitter ? el.size * rng.float(0.96, 1.04) : el.size,
    y: jitter ? el.y + rng.float(-0.6, 0.6) : el.y,
  };
}

function coverBox(layout: Layout, target: Target) {
  const a = textBox(target.element);
  const b = textBox(target.element, target.replacement);
  const x = Math.min(a.x, b.x) - 1.5;
  const y = Math.min(a.y, b.y) - 1.5;
  return {
    kind: "rect" as const,
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) + 1.5 - x,
    height: Math.max(a.height, b.height) + 3,
    fill: layout.background,
  };
}

/** Revision 2 draws a box in the paper colour over the value and types the new one on top. */
export async function incrementalEdit(rng: Rng, layout: Layout, info: PdfInfo, target: Target): Promise<Uint8Array> {
  const original = await layoutToPdf(layout, info);
  const edited = editorInfo(rng, info);
  return appendIncrementalUpdate(original, async (doc) => {
    const page = doc.getPage(target.page);
    page.resetPosition();
    const font = rng.chance(0.5) ? target.element.font : lookAlike(rng, target.element.font);
    await drawElements(
      page,
      [coverBox(layout, target), replacementElement(target, font, rng, true)],
      new FontSet(doc),
      doc,
    );
    setInfo(doc, edited, info);
  });
}

/** Revision 2 replaces the content stream holding the value with one that sets the new value in another font. */
export async function lateFontEdit(rng: Rng, layout: Layout, info: PdfInfo, target: Target): Promise<Uint8Array> {
  const { bytes: original, isolated } = await layoutToPdfWithTarget(layout, info, { isolate: target.element });
  if (!isolated) throw new Error("target text was not drawn");
  const edited = editorInfo(rng, info);
  return appendIncrementalUpdate(original, async (doc) => {
    const page = doc.getPage(target.page);
    page.resetPosition();
    await drawElements(
      page,
      [replacementElement(target, lookAlike(rng, target.element.font), rng, false)],
      new FontSet(doc),
      doc,
    );
    // Drawing wraps the existing streams in q…Q (a stream inserted in front), so the isolated
    // stream is looked up only now: removing it by an earlier index would drop its neighbour.
    const contents = page.node.lookup(PDFName.of("Contents"), PDFArray);
    const index = contents.asArray().findIndex((r) => (r as PDFRef).objectNumber === isolated.objectNumber);
    if (index < 0) throw new Error("isolated content stream not found");
    contents.remove(index);
    setInfo(doc, edited, info);
  });
}

/** The whole file rewritten by an online editor; the edited value in a substitute font. */
export async function editorResave(rng: Rng, layout: Layout, info: PdfInfo, target: Target): Promise<Uint8Array> {
  const edited = editorInfo(rng, info);
  const pages = layout.pages.map((p, i) =>
    i !== target.page
      ? p
      : {
          elements: p.elements.map((e) =>
            e === target.element ? replacementElement(target, lookAlike(rng, target.element.font), rng, true) : e,
          ),
        },
  );
  return layoutToPdf({ ...layout, pages }, edited, { objectStreams: rng.chance(0.6) });
}

/** One revision: the original text is still in the text layer, hidden under a box with the new text on top. */
export async function overlayBox(rng: Rng, layout: Layout, info: PdfInfo, target: Target): Promise<Uint8Array> {
  const pages = layout.pages.map((p, i) => {
    if (i !== target.page) return p;
    const at = p.elements.indexOf(target.element);
    const elements = [...p.elements];
    elements.splice(
      at + 1,
      0,
      coverBox(layout, target),
      replacementElement(
        target,
        rng.chance(0.5) ? target.element.font : lookAlike(rng, target.element.font),
        rng,
        true,
      ),
    );
    return { elements };
  });
  // Often re-exported through the issuer's own kind of software, so the producer says nothing.
  const saved = rng.chance(0.5) ? editorInfo(rng, info) : { ...info, ...pickIssuer(rng) };
  return layoutToPdf({ ...layout, pages }, saved);
}

function pickIssuer(rng: Rng): Pick<PdfInfo, "producer" | "creator"> {
  const [producer, creator] = rng.pick(ISSUER_PDF_SOFTWARE);
  return { producer, creator };
}

/** The Info dictionary an editor writes in its revision (and a new XMP packet if it keeps one current). */
function setInfo(doc: PDFDocument, info: PdfInfo, original: PdfInfo): void {
  doc.setProducer(info.producer);
  doc.setCreator(info.creator);
  doc.setModificationDate(info.modDate);
  if (info.xmp && info.xmp !== original.xmp) setXmp(doc, info.xmp);
}
