// XMP metadata streams of PDFs: issuing software writes one matching the Info dictionary; Acrobat-
// style editors update it and append a history entry; many online editors rewrite the Info
// dictionary and leave the old XMP packet behind, so the two disagree.
import { PDFName, type PDFDocument } from "pdf-lib";

/** The document information a PDF writer records (Info dictionary and, optionally, XMP). */
export interface PdfInfo {
  producer: string;
  creator: string;
  title?: string;
  author?: string;
  creationDate: Date;
  modDate: Date;
  /** The XMP packet to write, if the software writes one (it may describe an older state than the Info dictionary). */
  xmp?: XmpState;
}

/** What an XMP packet says about a file; `history` lists later saves (editor, when). */
export interface XmpState {
  describes: PdfInfo;
  history?: Array<{ agent: string; when: Date }>;
  documentId: string;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

export function xmpPacket(state: XmpState): string {
  const info = state.describes;
  const last = state.history?.at(-1);
  const modified = last?.when ?? info.modDate;
  const history = (state.history ?? [])
    .map(
      (h) =>
        `     <rdf:li rdf:parseType="Resource"><stEvt:action>saved</stEvt:action><stEvt:when>${iso(h.when)}</stEvt:when><stEvt:softwareAgent>${escape(h.agent)}</stEvt:softwareAgent><stEvt:changed>/</stEvt:changed></rdf:li>`,
    )
    .join("\n");
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#">
   <xmp:CreatorTool>${escape(info.creator)}</xmp:CreatorTool>
   <xmp:CreateDate>${iso(info.creationDate)}</xmp:CreateDate>
   <xmp:ModifyDate>${iso(modified)}</xmp:ModifyDate>
   <xmp:MetadataDate>${iso(modified)}</xmp:MetadataDate>
   <pdf:Producer>${escape(last?.agent ?? info.producer)}</pdf:Producer>
   ${info.title ? `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escape(info.title)}</rdf:li></rdf:Alt></dc:title>` : ""}
   <xmpMM:DocumentID>uuid:${state.documentId}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:${state.documentId.split("").reverse().join("")}${state.history?.length ?? 0}</xmpMM:InstanceID>
${history ? `   <xmpMM:History>\n    <rdf:Seq>\n${history}\n    </rdf:Seq>\n   </xmpMM:History>` : ""}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Sets (or replaces) the catalog's /Metadata stream. */
export function setXmp(doc: PDFDocument, state: XmpState): void {
  const stream = doc.context.stream(xmpPacket(state), { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
}
