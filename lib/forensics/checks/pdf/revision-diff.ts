// What each later revision changed: the objects it added or replaced (by role), and per page
// whether what the page shows (content streams and the resources they use) or its annotations
// changed, and which fonts it introduced. Loads the document as of each revision with pdf-lib.
import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from "pdf-lib";
import { createHash } from "node:crypto";
import {
  deepFingerprint,
  loadPdf,
  nameOf,
  pageContentParts,
  pageModels,
  shallowFingerprint,
  type PageModel,
} from "./document";

export type ObjectRole =
  | "content"
  | "page"
  | "font"
  | "image"
  | "form_xobject"
  | "annotation"
  | "form_field"
  | "signature"
  | "catalog"
  | "info"
  | "metadata"
  | "structure"
  | "other";

export interface PageChange {
  page: number;
  content: boolean;
  annotations: boolean;
  newFonts: string[];
}

export interface RevisionChange {
  revision: number;
  added: Partial<Record<ObjectRole, number>>;
  replaced: Partial<Record<ObjectRole, number>>;
  /** Object numbers, capped, for the evidence. */
  addedRefs: string[];
  replacedRefs: string[];
  pages: PageChange[];
  pageCountBefore: number;
  pageCountAfter: number;
}

interface Snapshot {
  doc: PDFDocument;
  objects: Map<string, string>;
  pages: Array<{ content: string; annots: string; fonts: Set<string> }>;
}

const MAX_REFS_IN_EVIDENCE = 40;

export async function snapshotAt(bytes: Uint8Array, end: number, maxPages: number): Promise<Snapshot> {
  const doc = await loadPdf(bytes.subarray(0, end));
  const objects = new Map<string, string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) objects.set(ref.toString(), shallowFingerprint(obj));
  const pages = pageModels(doc, maxPages).map((model) => {
    const node = model.leaf.node;
    return {
      content: contentFingerprint(doc, model) + deepFingerprint(doc, node.Resources()),
      annots: deepFingerprint(doc, node.get(PDFName.of("Annots"))),
      fonts: new Set(model.fonts.map((f) => f.baseFont)),
    };
  });
  return { doc, objects, pages };
}

/**
 * The decoded drawing operators, not the stream objects: re-splitting or re-compressing the same
 * content, or wrapping it in a save/restore pair (pdf-lib and others do that before adding to a
 * page), is not a change.
 */
function contentFingerprint(doc: PDFDocument, model: PageModel): string {
  const hash = createHash("sha1");
  for (const part of pageContentParts(doc, model.leaf)) {
    const text = Buffer.from(part).toString("latin1").trim();
    if (text === "q" || text === "Q" || text === "") continue;
    hash.update(text);
    hash.update("\n");
  }
  return hash.digest("hex");
}

export function compareSnapshots(before: Snapshot, after: Snapshot, revision: number): RevisionChange {
  const roles = roleMap(after.doc);
  const added: RevisionChange["added"] = {};
  const replaced: RevisionChange["replaced"] = {};
  const addedRefs: string[] = [];
  const replacedRefs: string[] = [];
  for (const [ref, fp] of after.objects) {
    const old = before.objects.get(ref);
    if (old === fp) continue;
    const role = roles(ref);
    if (role === "structure") continue;
    const bucket = old === undefined ? added : replaced;
    bucket[role] = (bucket[role] ?? 0) + 1;
    const list = old === undefined ? addedRefs : replacedRefs;
    if (list.length < MAX_REFS_IN_EVIDENCE) list.push(`${ref} (${role})`);
  }
  const pages: PageChange[] = [];
  after.pages.forEach((page, i) => {
    const prior = before.pages[i];
    const content = !prior || prior.content !== page.content;
    const annotations = !prior || prior.annots !== page.annots;
    const newFonts = [...page.fonts].filter((f) => !prior?.fonts.has(f));
    if (content || annotations || newFonts.length) pages.push({ page: i + 1, content, annotations, newFonts });
  });
  return {
    revision,
    added,
    replaced,
    addedRefs,
    replacedRefs,
    pages,
    pageCountBefore: before.pages.length,
    pageCountAfter: after.pages.length,
  };
}

/** Role of each indirect object, from how the document uses it and from its own /Type. */
function roleMap(doc: PDFDocument): (ref: string) => ObjectRole {
  const known = new Map<string, ObjectRole>();
  const mark = (obj: PDFObject | undefined, role: ObjectRole) => {
    if (obj instanceof PDFRef && !known.has(obj.toString())) known.set(obj.toString(), role);
  };
  const { Root, Info } = doc.context.trailerInfo;
  mark(Root, "catalog");
  mark(Info, "info");
  for (const page of doc.getPages()) {
    const contents = page.node.get(PDFName.of("Contents"));
    mark(contents, "content");
    const array = contents ? doc.context.lookup(contents) : undefined;
    if (array && "asArray" in array)
      for (const item of (array as { asArray(): PDFObject[] }).asArray()) mark(item, "content");
  }
  return (ref: string) => {
    const role = known.get(ref);
    if (role) return role;
    const [num, gen] = ref.split(" ").map(Number);
    return roleOfObject(doc.context.lookup(PDFRef.of(num, gen)));
  };
}

function roleOfObject(obj: PDFObject | undefined): ObjectRole {
  const dict = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
  if (!dict) return "other";
  const type = nameOf(dict.get(PDFName.of("Type")));
  const subtype = nameOf(dict.get(PDFName.of("Subtype")));
  if (type === "XRef" || type === "ObjStm" || type === "Pages") return "structure";
  if (type === "Page") return "page";
  if (type === "Catalog") return "catalog";
  if (
    type === "Font" ||
    type === "FontDescriptor" ||
    dict.has(PDFName.of("Length1")) ||
    subtype === "Type1C" ||
    subtype === "CIDFontType0C" ||
    subtype === "OpenType"
  )
    return "font";
  if (type === "Sig" || type === "DocTimeStamp" || dict.has(PDFName.of("ByteRange"))) return "signature";
  if (type === "Metadata") return "metadata";
  if (subtype === "Image") return "image";
  if (subtype === "Form") return "form_xobject";
  if (dict.has(PDFName.of("FT"))) return "form_field";
  if (type === "Annot" || subtype === "Widget" || dict.has(PDFName.of("Rect"))) return "annotation";
  return "other";
}
